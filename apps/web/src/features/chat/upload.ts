import { CHAT_MSG } from '@statewise/contract';
import { uploadChatImages } from './api.ts';

/**
 * Chat pictures uploaded one by one, so a failure can name its files (accounts §5, §8: "Failed to upload the
 * following images" and their names): the addresses of those that went up, in order, and the names of the rest.
 */
export async function uploadEachChatImage(files: File[], upload = uploadChatImages): Promise<{ urls: string[]; failed: string[] }> {
  const results = await Promise.allSettled(files.map((f) => upload([f])));
  const urls: string[] = [];
  const failed: string[] = [];
  results.forEach((r, i) => {
    if (r.status === 'fulfilled' && r.value[0]) urls.push(r.value[0]);
    else failed.push(files[i]!.name);
  });
  return { urls, failed };
}

export const uploadFailedText = (names: string[]) => `${CHAT_MSG.uploadFailed}: ${names.join(', ')}`;
