// Reproducer of D-reused-index in tests/data/voltagent-ui-togetherai.verdicts.json (quirks.tool-index-reused.002,
// row robust.invented-input; the input breaks the index contract on purpose): two calls that both say index 0, the
// first without arguments. @ai-sdk/togetherai 2.0.84's chat model, its own nested @ai-sdk/openai-compatible 2.0.78's,
// finds toolCalls[0] taken (dist/index.mjs:775-776) and appends every later delta to it, the delta's own id and name
// unread (:865-877): list_files is handed over with the arguments the model sent for file_write, and file_write is
// lost.
// Exits 1 while the defect is present (0 once list_files keeps {} and file_write gets {"path":"world.py"}).
import { reusedIndex } from './_lib.mjs'

process.exit(await reusedIndex('togetherai'))
