import { ThumbnailClient } from '@thumbnail-api/client';

// Your API key from THUMBNAIL_API_KEY (never in the source), and the service's address from
// THUMBNAIL_API_BASE_URL (default: the local mock).
const client = new ThumbnailClient({
  apiKey: process.env.THUMBNAIL_API_KEY,
  baseUrl: process.env.THUMBNAIL_API_BASE_URL ?? 'http://127.0.0.1:4010',
});

const thumbnail = await client.thumbnails.create({ prompt: 'A red fox at dawn' });
console.log(JSON.stringify(thumbnail));
