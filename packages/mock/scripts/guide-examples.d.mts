/** Absolute path of docs/guides/testing.md. */
export declare const guidePath: string;
/** The fenced code blocks of a Markdown text, each with the example file it claims to show. */
export declare function codeBlocks(markdown: string): { include: string | undefined; code: string }[];
/** The guide with every example block replaced by the current contents of its file. */
export declare function syncGuide(markdown: string): string;
