// Your code: the part of your app that calls the Thumbnail API through the client. The tests beside it check it
// against the mock; swap in your own module.
import { APIConnectionError, APITimeoutError, type CreateThumbnailResponse, type ThumbnailClient } from '@thumbnail-api/client';

/** Asks for one thumbnail. A POST is never retried by the client: a second one could generate (and bill) a second image. */
export function requestThumbnail(client: ThumbnailClient, prompt: string): Promise<CreateThumbnailResponse> {
  return client.thumbnails.create({ prompt: prompt.trim() });
}

/** The gallery page's data: the thumbnails, or a message when the service cannot be reached or is too slow. */
export async function galleryPage(client: ThumbnailClient): Promise<{ thumbnails: unknown } | { message: string }> {
  try {
    return { thumbnails: await client.thumbnails.list() };
  } catch (error) {
    if (error instanceof APITimeoutError) return { message: 'Thumbnails are taking too long. Try again in a minute.' };
    if (error instanceof APIConnectionError) return { message: 'Thumbnails cannot be reached right now.' };
    throw error;
  }
}

/** The image to show for a new thumbnail. The service does not document the success body: `url` is our assumption. */
export async function thumbnailImage(client: ThumbnailClient, prompt: string): Promise<string> {
  const thumbnail = await requestThumbnail(client, prompt);
  if (typeof thumbnail.url !== 'string') throw new Error('The answer has no thumbnail URL.');
  return `<img src="${thumbnail.url}" alt="${prompt}">`;
}
