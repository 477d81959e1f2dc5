// The public surface of @thumbnail-api/mcp: the server, to serve over a transport of your own. The command
// (thumbnail-api-mcp) is the usual way in.
export { createThumbnailMcpServer, DEFAULT_MAX_CREATES, type ThumbnailMcpServer, type ThumbnailMcpServerOptions } from './mcp-server.js';
