#!/usr/bin/env node
// The AI SDK on Gemini through Vertex AI: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/google-vertex` 5,
// whose language model is `@ai-sdk/google` 4's `GoogleLanguageModel` (imported from `@ai-sdk/google/internal`,
// @ai-sdk/google-vertex 5.0.141 dist/index.js:3, built at :1861-1874 with provider `google.vertex.chat`), so it
// streams `POST {baseURL}/models/{model}:streamGenerateContent?alt=sse` like ai-sdk7-google.mjs's model, but
// with Vertex's baseURL: `https://{location}-aiplatform.googleapis.com/v1beta1/projects/{project}/locations/
// {location}/publishers/google` (dist/index.js:1836-1848). Its UI message stream is ai 7's
// (`ui-message-stream@7`). The code is ai-sdk-openai-compatible.mjs's; only the provider, the name and the
// declarations below differ. `ai` 7 and `@ai-sdk/google-vertex` 5 declare node >= 22; they run on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-google-vertex.mjs" --dialect=gemini
//
// How it reaches the mock without Google's servers or credentials, with the provider's own documented settings:
// - Authentication is the Node.js runtime's default, google-auth-library (dist/index.js:7-15, :1950-1960: every
//   request gets `Authorization: Bearer <token>` from `GoogleAuth.getClient().getAccessToken()`). The docs'
//   `googleAuthOptions.authClient` ("An `AuthClient` to use") takes the library's own `OAuth2Client` holding an
//   access token with no expiry date, which it hands out without a network call (google-auth-library 11.3.4
//   build/src/auth/oauth2client.js:302-303, :812-817). Express mode (`apiKey`) is the other documented way; it
//   changes the path to `/v1/publishers/google/...` with no project or location (dist/index.js:1791, :1837).
// - The URL is the one the provider builds from `project` and `location` (no `baseURL`, which would replace the
//   whole prefix with the caller's own); the docs' `fetch` setting ("as a middleware to intercept requests, or
//   to provide a custom fetch implementation for e.g. testing") swaps only the origin for the mock server's, so
//   the mock sees Vertex's own path, `/v1beta1/projects/{project}/locations/{location}/publishers/google/models/
//   {model}:streamGenerateContent?alt=sse`.
import { createRequire } from 'node:module';

// google-auth-library is the provider's own dependency (nested under @ai-sdk/google-vertex), so it is loaded
// from there: the copy whose AuthClient GoogleAuth expects.
const { OAuth2Client } = createRequire(import.meta.resolve('@ai-sdk/google-vertex'))('google-auth-library');
const authClient = new OAuth2Client();
authClient.setCredentials({ access_token: 'conformance' }); // no expiry_date: never refreshed

const PROJECT = 'conformance';
const LOCATION = 'us-central1';
// The host dist/index.js:1845 builds for a regional location.
const VERTEX_ORIGIN = `https://${LOCATION}-aiplatform.googleapis.com`;

function toMock(base) {
  return (url, init) => {
    const href = String(url);
    if (!href.startsWith(`${VERTEX_ORIGIN}/`)) throw new Error(`unexpected request URL ${href}`);
    return fetch(base + href.slice(VERTEX_ORIGIN.length), init);
  };
}

globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/google-vertex',
  name: 'ai-sdk7-google-vertex',
  output: 'ui-message-stream@7',
  inputs: ['gemini'],
  // No `server`: the capabilities' `server` names a Chat Completions or Responses server (conformance/contract.py,
  // docs/adapters.md); the Gemini wire has no server flavours in the kit (mock_provider/servers.py foreign_quirk
  // returns None for it), and Vertex AI's Gemini endpoint streams the same GenerateContentResponse the Gemini API
  // does (the provider reads both with one model class and one chunk schema).
  // Nothing in `lacks`: the model is @ai-sdk/google's, and the package's docs give Vertex's Gemini models tools,
  // reasoning (`thinkingConfig`), structured outputs, file (image, PDF) inputs and provider tools (`googleVertex
  // .tools`: googleSearch, codeExecution, urlContext, ...; dist/index.js:919-927); `custom_tools` is not
  // declared (nothing offers a free-text tool: the harness takes one from `openai.tools.customTool` only).
  model: ({ createGoogleVertex }, c) =>
    createGoogleVertex({
      project: PROJECT, location: LOCATION, googleAuthOptions: { authClient }, headers: c.headers,
      fetch: toMock(c.upstream.base_url.replace(/\/$/, '')),
    })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
