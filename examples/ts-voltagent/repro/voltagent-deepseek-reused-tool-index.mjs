// Reproducer of D-reused-index in tests/data/voltagent-ui-deepseek.verdicts.json (quirks.tool-index-reused.002,
// row robust.invented-input; the input breaks the index contract on purpose): two calls that both say index 0, the
// first without arguments. @ai-sdk/deepseek 2.0.69's per-index code finds toolCalls[0] taken and appends every later
// delta to it, the delta's own id and name unread (dist/index.mjs:1086-1099): list_files is handed over with the
// arguments the model sent for file_write, and file_write is lost.
// Exits 1 while the defect is present (0 once list_files keeps {} and file_write gets {"path":"world.py"}).
import { reusedIndex } from './_lib.mjs'

process.exit(await reusedIndex('deepseek'))
