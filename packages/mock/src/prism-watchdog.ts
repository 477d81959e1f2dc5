// Preloaded into the Prism child (node --import): it exits as soon as the process that started it is gone,
// even when that process was killed without a chance to stop it, so no Prism is ever left orphaned.
// The parent holds the write end of the child's stdin; the pipe closes when the parent dies.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('close', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
// Reading stdin must not keep Prism alive by itself (e.g. when its start-up fails and it wants to exit).
(process.stdin as { unref?: () => void }).unref?.();

export {};
