// Reproducer of D-schema-unsent in tests/data/voltagent-ui-togetherai.verdicts.json (structured.native.001): a
// VoltAgent agent asked for structured output (`output: Output.object({schema})`, ai's, which hands the schema to the
// model as responseFormat {type: 'json', schema}) on @ai-sdk/togetherai 2.0.84's chat model. createTogetherAI never
// sets supportsStructuredOutputs (createChatModel, dist/index.mjs:316-321), its nested @ai-sdk/openai-compatible
// 2.0.78 defaults it to false (:418) and sends response_format {type: 'json_object'} (:520-528) with an
// 'unsupported' warning (:488-494): the schema reaches Together nowhere, neither in response_format nor in a message.
// Prints the request's response_format; exits 1 while the defect is present (0 once the schema is sent).
import { jsonSchema, Output } from 'ai'
import { chunk, run } from './_lib.mjs'

const schema = { type: 'object', properties: { city: { type: 'string' }, tempC: { type: 'number' } },
  required: ['city', 'tempC'], additionalProperties: false }
const { requests, error } = await run({ wire: 'togetherai',
  turns: [[chunk({ role: 'assistant', content: '{"city":"Paris","tempC":18}' }), chunk({}, 'stop')]],
  options: { output: Output.object({ schema: jsonSchema(schema) }) } })
const sent = requests[0]
console.log(`response_format: ${JSON.stringify(sent?.response_format)}; stream error: ${error ? error.message : 'none'}`)
const text = JSON.stringify(sent ?? {})
process.exit(text.includes('"tempC"') ? 0 : 1)
