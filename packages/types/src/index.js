// Types-only package: this module exists so that the package also resolves at run time.
export {};
