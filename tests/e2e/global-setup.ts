import { startFakeOpenAi } from '../support/fake-openai';

/** Starts the fake OpenAI-compatible service on the port the web server was told; stops it after the run. */
export default async function globalSetup() {
  const fake = await startFakeOpenAi(Number(process.env.E2E_OPENAI_PORT));
  return () => fake.close();
}
