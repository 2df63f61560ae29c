// Reproducer of D-reused-index in tests/data/voltagent-ui-fireworks.verdicts.json (quirks.tool-index-reused.002,
// row robust.invented-input; the input breaks the index contract on purpose): two calls that both say index 0, the
// first without arguments. @ai-sdk/fireworks 2.0.90's chat model, its own nested @ai-sdk/openai-compatible 2.0.80's,
// forwards index 0 to the shared StreamingToolCallTracker of its nested @ai-sdk/provider-utils 4.0.56
// (processToolCallDelta, openai-compatible dist/index.mjs:666-707), which keeps both calls on index 0, finds every
// later index-only delta ambiguous between them and drops it (provider-utils dist/index.mjs:3183-3184, :3295-3296):
// file_write is handed over with {}, arguments the model never sent.
// Exits 1 while the defect is present (0 once list_files keeps {} and file_write gets {"path":"world.py"}).
import { reusedIndex } from './_lib.mjs'

process.exit(await reusedIndex('fireworks'))
