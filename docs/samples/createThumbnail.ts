import { ThumbnailClient } from '@thumbnail-api/client';

// Key and base URL from the environment, never from the source.
const client = new ThumbnailClient({
  apiKey: process.env.THUMBNAIL_API_KEY,
  baseUrl: process.env.THUMBNAIL_API_BASE_URL,
});

const thumbnail = await client.thumbnails.create({ prompt: 'A red fox at dawn' });
console.log(JSON.stringify(thumbnail));
