// The storyteller's answer page: the recorder panel (<div data-answer-recorder hidden>) shows where the browser
// can record; the answer goes as multipart "file" with the page's CSRF field, then the thank-you page opens.
// "Write it instead" is a plain form and works without this script.

import { canRecord, setUpRecorder } from "./audio-recorder.js";

const panel = document.querySelector("[data-answer-recorder]");
if (panel && canRecord()) {
    const token = document.querySelector('meta[name="csrf-token"]')?.content || "";
    setUpRecorder(panel, {
        noun: "answer",
        requireTitle: false,
        fields: () => [["_csrf", token]],
        saved: () => window.location.assign("/answer/thanks"),
    });
}
