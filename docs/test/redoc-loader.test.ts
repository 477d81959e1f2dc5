// The build takes Redoc's bundle out of the page build-docs writes (redoc-loader.mjs): on a page shaped like build-docs'
// output it keeps the server-rendered markup, moves the bundle to its own file and leaves a small loader; on any other
// page it stops the build and says which file to update.
import { describe, expect, test } from 'vitest';
import { REDOC_BUNDLE_FILE, REDOC_STATE_ATTRIBUTE, splitRedocBundle } from '../src/redoc-loader.mjs';

const BUNDLE = 'const{RedocStandalone,hydrate,init}=(()=>({}))();export{RedocStandalone,hydrate,init};';
const page = (bundle: string) =>
  `<html><body><header>site</header>
      <div id="redoc"><h1>Overview</h1></div>
      <script type="module">
      ${bundle}

      const __redoc_definition = {"openapi":"3.1.0","info":{"title":"\\u003cb>API"}};
      const __redoc_options = {"scrollYOffset":52};

      hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc'));
      </script>
</body></html>`;

describe('splitRedocBundle', () => {
  const { html, bundle } = splitRedocBundle(page(BUNDLE));

  test('moves the bundle out of the page, as the module it is', () => {
    expect(bundle).toBe(`${BUNDLE}\n`);
    expect(html).not.toContain('RedocStandalone');
    expect(html).not.toContain('type="module"');
  });

  test('keeps the server-rendered markup, marked as not hydrated yet', () => {
    expect(html).toContain(`<div id="redoc" ${REDOC_STATE_ATTRIBUTE}="static"><h1>Overview</h1></div>`);
  });

  test('keeps the definition and options as inert JSON, still escaped for a script element', () => {
    const data = /<script type="application\/json" id="redoc-data">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).toContain('\\u003cb>API');
    expect(JSON.parse(data)).toEqual({ definition: { openapi: '3.1.0', info: { title: '<b>API' } }, options: { scrollYOffset: 52 } });
  });

  test(`imports ./${REDOC_BUNDLE_FILE} from a small inline script`, () => {
    const loader = /<script>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(loader).toContain(`import('./${REDOC_BUNDLE_FILE}')`);
    expect(loader.length).toBeLessThan(3_000);
  });

  test.each([
    ['without the module script', page(BUNDLE).replace('<script type="module">', '<script>')],
    ['whose bundle exports no hydrate', page('const x = 1;')],
    ['that hydrates another way', page(BUNDLE).replace("hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc'));", 'init();')],
  ])('refuses a page %s, naming the file to update', (_, other) => {
    expect(() => splitRedocBundle(other)).toThrow(/update docs\/src\/redoc-loader\.mjs/);
  });
});
