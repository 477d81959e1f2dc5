import { createContractModel } from '@thumbnail-api/spec/model';
import { describe, expect, it } from 'vitest';
import { contractChangesSection, firstReleaseSection, insertIntoChangelog } from '../src/contract-changelog.mjs';
import { describeLocation } from '../src/contract-changes.mjs';

describe('describeLocation', () => {
  it.each([
    ['#/paths/~1api~1items/get', '`GET /api/items`'],
    ['#/paths/~1api~1items~1{id}', 'path `/api/items/{id}`'],
    ['#/paths/~1api~1items~1%7Bid%7D/delete', '`DELETE /api/items/{id}`'],
    ['#/paths/~1api~1items/post/requestBody/content/application~1json/schema/properties/tags', '`POST /api/items`, request body, field `tags`'],
    [
      '#/paths/~1api~1items/get/responses/200/content/application~1json/schema/properties/items/items/properties/width',
      '`GET /api/items`, response 200, field `items[].width`',
    ],
    ['#/paths/~1api~1items/get/responses/401/headers/x-request-id', '`GET /api/items`, response 401, header `x-request-id`'],
    ['#/components/schemas/ItemList', 'schema `ItemList`'],
    ['#/components/securitySchemes/ApiKeyHeader', 'security scheme `ApiKeyHeader`'],
    ['#/servers/0', '`servers.0`'],
  ])('%s reads as %s', (pointer, expected) => {
    expect(describeLocation(pointer)).toBe(expected);
  });
});

describe('changelog section', () => {
  it('lists breaking changes first, in plain words', () => {
    const section = contractChangesSection({
      version: '2.0.0',
      releasedVersion: '1.4.0',
      changes: [
        { impact: 'minor', text: '`POST /api/items`, request body, field `tags`: added.', rule: undefined },
        { impact: 'major', text: '`GET /api/items`: Operation `GET /api/items` was removed.', rule: 'operation-removed' },
      ],
    });
    expect(section).toBe(
      [
        '### Contract changes',
        '',
        'Compared with the contract of 1.4.0:',
        '',
        '- **Breaking:** `GET /api/items`: Operation `GET /api/items` was removed.',
        '- **New:** `POST /api/items`, request body, field `tags`: added.',
      ].join('\n'),
    );
  });

  it('says when the contract did not change', () => {
    expect(contractChangesSection({ version: '1.0.1', releasedVersion: '1.0.0', changes: [] })).toContain(
      'None: the contract of 1.0.1 describes the same API as the contract of 1.0.0',
    );
  });

  it('summarises the first release by its operations', () => {
    const contract = createContractModel({
      openapi: '3.1.0',
      paths: { '/api/items': { get: { operationId: 'listItems', summary: 'List items' }, parameters: [] } },
    });
    expect(firstReleaseSection({ version: '0.1.0', contract })).toBe(
      '### Contract changes\n\nFirst release of the contract (`info.version` 0.1.0). It describes 1 operation(s):\n\n- `GET /api/items` (`listItems`): List items',
    );
  });

  it('goes at the top of the entry changeset wrote for the version', () => {
    const changelog = '# @thumbnail-api/spec\n\n## 1.1.0\n\n### Minor Changes\n\n- abc1234: Adds tags.\n\n## 1.0.0\n\n### Major Changes\n';
    expect(insertIntoChangelog(changelog, '1.1.0', '### Contract changes\n\n- x')).toBe(
      '# @thumbnail-api/spec\n\n## 1.1.0\n\n### Contract changes\n\n- x\n\n### Minor Changes\n\n- abc1234: Adds tags.\n\n## 1.0.0\n\n### Major Changes\n',
    );
  });

  it('refuses a changelog without the version entry', () => {
    expect(() => insertIntoChangelog('# x\n\n## 1.0.0\n', '1.1.0', 's')).toThrow('The changelog has no "## 1.1.0" entry');
  });
});
