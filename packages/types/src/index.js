// Types-only package: this module exists so that the package also resolves at run time, through `import` and
// `require()` alike. The package is CommonJS so that its declarations serve both (an ES module may import CommonJS
// types; a CommonJS module may not import ES module types under `module: node16`).
'use strict';
