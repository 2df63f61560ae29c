// Reproducer (outside the suite) of D-reused-index in @ai-sdk/groq 3.0.71 under the CopilotKit runtime, pinned in
// tests/data/copilotkit-runtime-groq.verdicts.json (quirks.tool-index-reused.002, row robust.invented-input): two
// calls that both say index 0, list_files with no arguments, then file_write whose arguments come in later deltas
// that carry the index only. 3.0.71's own per-index code finds toolCalls[0] taken and appends every later delta for
// index 0 to it, the delta's own id and name unread (dist/index.mjs:681-692): the client gets list_files with the
// {"path":"world.py"} the model sent for file_write, and no file_write. (The provider's defect:
// examples/ts/repro/ai-sdk6-groq-reused-tool-index.mjs shows it under ai 6's UI message stream.)
// Run: node examples/ts-copilotkit/repro/groq-reused-index.mjs
// Prints each call and its arguments as the client got them; exits 1 while list_files carries file_write's
// arguments or file_write is lost.
import { runtimeEvents, say, serve } from './_runtime.mjs';
import { callsOf, chunk, done, groqAgentOn, usage, withTools } from './_groq.mjs';

const call = (id, name, args) => ({ index: 0, ...(id ? { id, type: 'function' } : {}),
  function: { ...(name ? { name } : {}), arguments: args } });
const body = chunk({ role: 'assistant', tool_calls: [call('call_l1', 'list_files', '')] })
  + chunk({ tool_calls: [call('call_w2', 'file_write', '')] })
  + chunk({ tool_calls: [call(null, null, '{"path":')] }) + chunk({ tool_calls: [call(null, null, '"world.py"}')] })
  + chunk({}, 'tool_calls', usage) + done;
const { server, url } = await serve([body]);
const sent = await runtimeEvents(groqAgentOn(url), withTools('List the files, then create world.py.',
  { list_files: {}, file_write: { path: { type: 'string' } } }));
server.close();
const calls = callsOf(sent);
say(`calls the client got: ${JSON.stringify(calls)}`);
process.exit(calls.call_l1?.args === '' && calls.call_w2?.args === '{"path":"world.py"}' ? 0 : 1);
