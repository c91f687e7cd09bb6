// A letter's recording made on its page, with the recorder the item page's stories use (audio-recorder.js): the
// panel shows only where this browser can record; the plain upload beside it always works. The recording goes to
// POST /api/letters/{id}/recording as its "file", in place of any the letter had, and the page shows it.

import { canRecord, setUpRecorder } from "./audio-recorder.js";

const panel = document.querySelector("[data-letter-recorder]");
if (panel && canRecord()) {
    setUpRecorder(panel, { noun: "recording", requireTitle: false, sendsTitle: false });
}
