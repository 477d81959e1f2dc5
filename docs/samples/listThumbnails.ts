import { ThumbnailClient } from '@thumbnail-api/client';

// Key and base URL from the environment, never from the source.
const client = new ThumbnailClient({
  apiKey: process.env.THUMBNAIL_API_KEY,
  baseUrl: process.env.THUMBNAIL_API_BASE_URL,
});

const thumbnails = await client.thumbnails.list();
console.log(JSON.stringify(thumbnails));
