// Record a story in the browser. The panel <div data-recorder data-upload-url="…" hidden> stays hidden
// unless this browser can record (MediaRecorder and a microphone, which browsers only allow over HTTPS
// or on localhost); the plain upload form beside it always works.
//
// Start → Stop → listen → Save story: the recording goes to the JSON API as multipart "file" and
// "title", with the page's CSRF token in X-CSRF-Token, with a progress bar; then the page reloads and
// the new story is in the list. An unsaved recording is never thrown away without asking.
//
// Other pages reuse the recorder through setUpRecorder(panel, options): the journal's voice card sends its
// drawer and tags along, needs no title, and opens the new card when it is saved.

import { errorMessageFrom } from "./upload-progress.js";

const MAX_SECONDS = 60 * 60;
const TYPES = ["audio/webm;codecs=opus", "audio/mp4", "audio/webm", "audio/ogg;codecs=opus", "audio/aac"];

// The voice as the microphone hears it. Browsers open a microphone for calls by default, with noise suppression,
// which thins a voice and cuts soft words out; a story is kept for years and typed out by the speech engine. (Playing
// a spoken sentence through Chromium's pretend microphone, its noise suppression left the offline engine "a really
// nice and argue years" of "the railway station for forty years"; without it, every word.)
export const VOICE = { audio: { noiseSuppression: false } };

export function canRecord() {
    return (
        typeof window.MediaRecorder === "function" &&
        typeof navigator.mediaDevices?.getUserMedia === "function" &&
        window.isSecureContext
    );
}

function pickType() {
    if (typeof MediaRecorder.isTypeSupported !== "function") {
        return "";
    }
    return TYPES.find((type) => MediaRecorder.isTypeSupported(type)) || "";
}

function extensionFor(type) {
    if (type.includes("mp4") || type.includes("aac")) {
        return "m4a";
    }
    if (type.includes("ogg")) {
        return "ogg";
    }
    return "webm";
}

function clock(seconds) {
    const whole = Math.floor(seconds);
    const hours = Math.floor(whole / 3600);
    const minutes = Math.floor((whole % 3600) / 60);
    const rest = String(whole % 60).padStart(2, "0");
    return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

function microphoneProblem(error) {
    switch (error?.name) {
        case "NotAllowedError":
        case "SecurityError":
            return "Heirloom was not allowed to use the microphone. Allow it in your browser’s settings for this site (often behind the padlock next to the address), then press Start recording again.";
        case "NotFoundError":
        case "OverconstrainedError":
            return "No microphone was found. Plug one in or use a phone, then try again. You can also upload a recording below.";
        case "NotReadableError":
            return "The microphone is busy in another app. Close that app, then try again.";
        default:
            return "Recording could not start on this device. You can upload a recording below instead.";
    }
}

const STORY = {
    noun: "story",
    requireTitle: true,
    sendsTitle: true,
    titleInput: null,
    fields: () => [],
    saved: () => window.location.reload(),
};

export function setUpRecorder(panel, choices = {}) {
    const options = { ...STORY, ...choices };
    const noun = options.noun;
    const url = panel.dataset.uploadUrl;
    const titleInput = options.titleInput || panel.querySelector("[data-recorder-title]");
    const startButton = panel.querySelector("[data-recorder-start]");
    const stopButton = panel.querySelector("[data-recorder-stop]");
    const clockLine = panel.querySelector("[data-recorder-clock]");
    const timeText = panel.querySelector("[data-recorder-time]");
    const review = panel.querySelector("[data-recorder-review]");
    const preview = panel.querySelector("[data-recorder-preview]");
    const progress = panel.querySelector("[data-recorder-progress]");
    const saveButton = panel.querySelector("[data-recorder-save]");
    const discardButton = panel.querySelector("[data-recorder-discard]");
    const status = panel.querySelector("[data-recorder-status]");
    if (!url || !titleInput || !startButton || !stopButton || !clockLine || !timeText || !review || !preview || !progress || !saveButton || !discardButton || !status) {
        return;
    }

    let recorder = null;
    let stream = null;
    let chunks = [];
    let startedAt = 0;
    let ticker = 0;
    let recording = null; // {blob, type, url}
    let saving = false;

    const say = (text, kind = "") => {
        status.textContent = text;
        status.dataset.kind = kind;
    };

    const releaseMicrophone = () => {
        for (const track of stream?.getTracks() ?? []) {
            track.stop();
        }
        stream = null;
    };

    const forget = () => {
        if (recording) {
            URL.revokeObjectURL(recording.url);
        }
        recording = null;
        preview.removeAttribute("src");
        preview.load();
        review.hidden = true;
        progress.hidden = true;
        progress.value = 0;
    };

    const showIdle = () => {
        window.clearInterval(ticker);
        panel.classList.remove("is-recording");
        startButton.hidden = false;
        startButton.disabled = false;
        stopButton.hidden = true;
        clockLine.hidden = true;
    };

    async function start() {
        if (recording && !window.confirm("Throw away the recording you have not saved, and record a new one?")) {
            return;
        }
        forget();
        say("");
        startButton.disabled = true;
        try {
            stream = await navigator.mediaDevices.getUserMedia(VOICE);
        } catch (error) {
            showIdle();
            say(microphoneProblem(error), "error");
            return;
        }
        const type = pickType();
        try {
            recorder = type ? new MediaRecorder(stream, { mimeType: type }) : new MediaRecorder(stream);
        } catch (error) {
            releaseMicrophone();
            showIdle();
            say(microphoneProblem(error), "error");
            return;
        }
        chunks = [];
        recorder.addEventListener("dataavailable", (event) => {
            if (event.data && event.data.size > 0) {
                chunks.push(event.data);
            }
        });
        recorder.addEventListener("stop", finished);
        recorder.start(1000);
        startedAt = performance.now();
        timeText.textContent = "0:00";
        panel.classList.add("is-recording");
        startButton.hidden = true;
        stopButton.hidden = false;
        clockLine.hidden = false;
        stopButton.focus();
        say("Recording. Press Stop when you have finished.");
        ticker = window.setInterval(() => {
            const seconds = (performance.now() - startedAt) / 1000;
            timeText.textContent = clock(seconds);
            if (seconds >= MAX_SECONDS) {
                stop();
            }
        }, 250);
    }

    function stop() {
        if (recorder && recorder.state !== "inactive") {
            recorder.stop();
        }
    }

    function finished() {
        const seconds = (performance.now() - startedAt) / 1000;
        releaseMicrophone();
        showIdle();
        const type = recorder?.mimeType || chunks[0]?.type || "audio/webm";
        recorder = null;
        if (chunks.length === 0) {
            say("Nothing was recorded. Check the microphone and try again.", "error");
            return;
        }
        const blob = new Blob(chunks, { type });
        chunks = [];
        recording = { blob, type, url: URL.createObjectURL(blob) };
        preview.src = recording.url;
        review.hidden = false;
        startButton.hidden = true; // "Record again" sits beside "Save story" now
        const save = saveButton.textContent.trim();
        say(`Recorded ${clock(seconds)}. Listen if you like${options.requireTitle ? ", give it a title," : ""} then press ${save}.`);
        if (!titleInput.value.trim()) {
            titleInput.focus();
        } else {
            saveButton.focus();
        }
    }

    function save() {
        if (!recording || saving) {
            return;
        }
        const title = titleInput.value.trim();
        if (!title && options.requireTitle) {
            say(`Please give the ${noun} a title first, so the family can find it.`, "error");
            titleInput.setAttribute("aria-invalid", "true");
            titleInput.focus();
            return;
        }
        titleInput.removeAttribute("aria-invalid");
        saving = true;
        saveButton.disabled = true;
        discardButton.disabled = true;
        progress.hidden = false;
        progress.value = 0;
        say(`Saving the ${noun}…`);

        const body = new FormData();
        for (const [key, value] of options.fields()) {
            body.append(key, value);
        }
        if (options.sendsTitle) {
            body.append("title", title);
        }
        body.append("file", recording.blob, `${noun}.${extensionFor(recording.type)}`);
        const token = document.querySelector('meta[name="csrf-token"]')?.content || "";

        const xhr = new XMLHttpRequest();
        xhr.open("POST", url);
        xhr.setRequestHeader("Accept", "application/json");
        xhr.setRequestHeader("X-CSRF-Token", token);
        xhr.upload.addEventListener("progress", (event) => {
            if (event.lengthComputable) {
                const percent = Math.round((event.loaded / event.total) * 100);
                progress.value = percent;
                progress.textContent = `${percent}%`;
                say(`Saving the ${noun}… ${percent}%`);
            }
        });
        xhr.upload.addEventListener("load", () => {
            progress.value = 100;
            say("Sent. Getting it ready to play…", "busy");
        });
        const failed = () => {
            saving = false;
            saveButton.disabled = false;
            discardButton.disabled = false;
            progress.hidden = true;
            say(`${errorMessageFrom(xhr)} Your recording is still here: press ${saveButton.textContent.trim()} to try again.`, "error");
        };
        xhr.addEventListener("load", () => {
            if (xhr.status >= 200 && xhr.status < 300) {
                recording = null; // saved: nothing to lose any more
                say(`The ${noun} is saved. Showing it now…`);
                options.saved(xhr);
            } else {
                failed();
            }
        });
        xhr.addEventListener("error", failed);
        xhr.send(body);
    }

    startButton.addEventListener("click", start);
    stopButton.addEventListener("click", stop);
    saveButton.addEventListener("click", save);
    discardButton.addEventListener("click", start);
    titleInput.addEventListener("input", () => titleInput.removeAttribute("aria-invalid"));

    window.addEventListener("beforeunload", (event) => {
        if (recording || (recorder && recorder.state !== "inactive")) {
            event.preventDefault();
            event.returnValue = "";
        }
    });

    panel.hidden = false;
}

const panel = document.querySelector("[data-recorder]");
if (panel && canRecord()) {
    setUpRecorder(panel);
}
