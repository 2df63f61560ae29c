// Reproducer of D-reused-index in tests/data/voltagent-ui-cerebras.verdicts.json (quirks.tool-index-reused.002,
// row robust.invented-input; the input breaks the index contract on purpose): two calls that both say index 0, the
// first without arguments. @ai-sdk/cerebras 2.0.82's chat model, its own nested @ai-sdk/openai-compatible 2.0.76's,
// finds toolCalls[0] taken and appends every later delta to it, the delta's own id and name unread (openai-compatible
// dist/index.mjs:865-877): list_files is handed over with the arguments the model sent for file_write, and
// file_write is lost.
// Exits 1 while the defect is present (0 once list_files keeps {} and file_write gets {"path":"world.py"}).
import { reusedIndex } from './_lib.mjs'

process.exit(await reusedIndex('cerebras'))
