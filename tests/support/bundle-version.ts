import type { TestApi } from './api-server';

/** The version a kiosk sees for a trivia's bundle (its ETag), read the way a kiosk reads it. */
export async function bundleVersion(api: TestApi, groupId: number): Promise<string> {
  const res = await api.client().get(`/api/play/${groupId}/bundle`);
  if (res.status !== 200) throw new Error(`bundle of trivia ${groupId}: ${res.status}`);
  return res.body.version as string;
}
