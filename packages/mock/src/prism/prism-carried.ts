// Where Prism comes from in the builds that are no npm install: the container image carries Prism's modules in one
// bundled file, the single executable carries none. Such a build says so once at start; the npm package never calls it.

/** Prism as a build provides it: its modules by specifier, or none, and what to run instead when none. */
export interface CarriedPrism {
  /** The module for a specifier loadPrism() asks for; `undefined` when the build does not carry it. */
  readonly module: (specifier: string) => unknown;
  /** The end of the one-line error "<what> needs Prism, which …": that the build lacks it, and what to run instead. */
  readonly absent: string;
}

/** The code of the error for a module the build does not carry (as opposed to one that failed to load). */
export const NOT_CARRIED = 'ERR_PRISM_NOT_CARRIED';

let carried: CarriedPrism | undefined;

/** Declares the build's Prism, replacing `import()` of the installed packages (and their npm install advice). */
export function carryPrism(prism: CarriedPrism): void {
  carried = prism;
}

/** The build's Prism, or `undefined` in the npm package. */
export function carriedPrism(): CarriedPrism | undefined {
  return carried;
}
