#!/usr/bin/env node
// The AI SDK on Azure OpenAI: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/azure` 4, whose default
// model `azure(deploymentName)` is the Responses API (@ai-sdk/azure 4.0.85 dist/index.js:385-391, the
// provider function returns `createResponsesModel`, an `OpenAIResponsesLanguageModel` of the
// `@ai-sdk/openai` 4.0.81 it bundles under its own node_modules; its docs: "The Azure provider calls the
// Responses API by default (unless you specify e.g. `azure.chat`)"), against the mock server's
// `POST /v1/responses`, emitting ai 7's UI message stream (`ui-message-stream@7`). The code is
// ai-sdk-openai-compatible.mjs's; only the provider, the name and the declarations below differ. `ai` 7 and
// `@ai-sdk/azure` 4 declare node >= 22; they run on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-azure.mjs" --dialect=openai-responses
//
// Where the provider sends a request (dist/index.js:298-313, its docs' `baseURL` setting): a `resourceName`
// builds https://{resourceName}.openai.azure.com/openai/v1{path}?api-version=v1, which cannot reach a local
// server; `useDeploymentBasedUrls` builds {baseURL}/deployments/{deployment}{path}?api-version=..., a path the
// mock does not serve; a `baseURL` on a host that is not Azure's (*.openai.azure.com, *.services.ai.azure.com,
// *.cognitiveservices.azure.com) is "a non-Azure custom gateway baseURL" whose URL is `{baseURL}{path}`, with no
// `/v1` or `api-version` added (docs/04-azure.mdx, `baseURL`). So the harness gives the mock's /v1 as `baseURL`
// and the Responses model posts to /v1/responses. The key goes in Azure's `api-key` header, not `Authorization`.
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/azure',
  name: 'ai-sdk7-azure',
  output: 'ui-message-stream@7',
  inputs: ['openai-responses'],
  // The server @ai-sdk/azure is written for is Azure OpenAI's (Microsoft's service, its own hosts, api-version
  // and `api-key` header), one vendor's server for which the kit has no flavour (mock_provider/servers.py has
  // none for Azure): docs/adapters.md tells a newcomer to declare `server: other` then, and the kit plays it
  // none of a named server's habits (on the Responses wire: OpenAI's background queue and compaction items).
  server: 'other',
  // Nothing in `lacks`: the Responses model is @ai-sdk/openai's, and the package's docs give Azure's
  // Responses models tools, reasoning, structured output (`Output`), image and PDF input ("PDF support").
  // `custom_tools` is not declared because nothing offers it: the harness takes a custom tool from
  // `providerModule.openai.tools.customTool`, and @ai-sdk/azure exports `azure.tools` with codeInterpreter,
  // fileSearch, imageGeneration, webSearch and webSearchPreview only (dist/index.js:36-42), no customTool.
  // c.baseURL is the mock server's /v1 (the Responses route is /v1/responses).
  model: ({ createAzure }, c) =>
    createAzure({ baseURL: c.baseURL, apiKey: 'azure-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
