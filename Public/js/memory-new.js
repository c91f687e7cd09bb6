// Adding a memory in steps: 1 choose the kind and the files (or record a voice, or write), 2 the details,
// then the server takes the person to step 3, tagging faces. Without this script the form is one page that
// posts as usual. With it, each step shows on its own, the whole memory goes up in one request with a
// progress bar per file, and a refused memory keeps its files and says what to fix on the step concerned.

import { VOICE, canRecord } from "./audio-recorder.js";
import { el, sizeLabel } from "./upload-progress.js";

const ACCEPT = { photo: "image/*,.heic,.heif", video: "video/*,.mov,.mp4", voice: "audio/*,.m4a,.mp3,.wav", text: "" };
const FILE_LABEL = { photo: "Choose the photos", video: "Choose the video", voice: "Choose a recording", text: "" };
const FILE_HINT = {
    photo: "Up to 20 photos from your phone or camera: JPEG, HEIC or PNG.",
    video: "One video: MP4 or MOV, as phones and cameras make them.",
    voice: "One recording: M4A, MP3 or WAV.",
    text: "",
};
const PROCESSING = "Uploaded. Getting it ready…";

/// The first problem the server's page names, and the field it belongs to.
function problemIn(xhr) {
    if (xhr.status === 0) {
        return { message: "The connection was lost. Check that you are online, then try again." };
    }
    try {
        const page = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
        const error = page.querySelector(".field__error") || page.querySelector("main .banner--error p");
        const text = error?.textContent.replace(/\s+/g, " ").trim();
        if (text) {
            const field = error.closest(".field, fieldset")?.querySelector("[name]")?.getAttribute("name");
            return { message: text, field };
        }
        const lead = page.querySelector(".notice-page .lead, .error-message")?.textContent.trim();
        if (lead) return { message: lead };
    } catch {
        // fall through
    }
    if (xhr.status === 413) return { message: "A file is too large to upload.", field: "file" };
    return { message: `The memory could not be saved (error ${xhr.status}). Please try again.` };
}

function setUp(form) {
    const steps = [...form.querySelectorAll("[data-step]")];
    const markers = [...document.querySelectorAll("[data-step-marker]")];
    const banner = document.querySelector("[data-memory-error]");
    const files = form.querySelector("#memory-files");
    const fileLabel = form.querySelector("[data-files-label]");
    const list = form.querySelector("[data-file-list]");
    const recorder = form.querySelector("[data-memory-recorder]");
    const save = form.querySelector("[data-memory-save]");
    let recorded = null;
    let current = 1;

    const kind = () => form.querySelector("input[name=type]:checked")?.value || "photo";

    function showError(message) {
        banner.querySelector("p").textContent = message;
        banner.hidden = !message;
        if (message) banner.scrollIntoView({ block: "center" });
    }

    function go(step, moveFocus = true) {
        current = step;
        for (const section of steps) section.hidden = Number(section.dataset.step) !== step;
        for (const marker of markers) {
            const number = Number(marker.dataset.stepMarker);
            if (number === step) marker.setAttribute("aria-current", "step");
            else marker.removeAttribute("aria-current");
            marker.classList.toggle("steps__step--done", number < step);
        }
        if (moveFocus) {
            steps.find((section) => !section.hidden)?.querySelector("h2")?.focus?.();
            window.scrollTo({ top: 0 });
        }
    }

    function chosen() {
        if (kind() === "voice" && recorded) return [recorded];
        return [...files.files];
    }

    function renderList() {
        list.replaceChildren();
        const items = kind() === "text" ? [] : chosen();
        list.hidden = items.length === 0;
        for (const file of items) {
            const row = el("li", "upload-item");
            const head = el("p", "upload-item__head");
            head.append(el("span", "upload-item__name", file.name), el("span", "upload-item__size", sizeLabel(file.size)));
            row.append(head);
            const bar = el("progress", "progress");
            bar.max = 100;
            bar.value = 0;
            bar.hidden = true;
            row.append(bar, el("p", "upload-item__status"));
            list.append(row);
        }
    }

    function showKind() {
        const value = kind();
        for (const part of form.querySelectorAll("[data-kind-only]")) {
            part.hidden = !part.dataset.kindOnly.split(" ").includes(value);
        }
        files.accept = ACCEPT[value];
        files.multiple = value === "photo";
        if (FILE_LABEL[value]) fileLabel.textContent = FILE_LABEL[value];
        if (FILE_HINT[value]) form.querySelector("[data-files-hint]").textContent = FILE_HINT[value];
        recorder.hidden = !(value === "voice" && canRecord());
        document.querySelector("[data-step-three-hint]").hidden = value !== "photo";
        renderList();
    }

    function checkFirstStep() {
        const value = kind();
        if (value === "text") {
            return form.querySelector("#memory-content").value.trim() ? "" : "Please write the memory down first.";
        }
        const count = chosen().length;
        if (count === 0) {
            return value === "voice" ? "Please record or choose a recording first." : `Please ${FILE_LABEL[value].toLowerCase()} first.`;
        }
        if (value === "photo" && count > 20) return "A memory can hold at most 20 photos. Please choose fewer.";
        if (value !== "photo" && count > 1) return "Please choose just one file for this kind of memory.";
        return "";
    }

    function upload() {
        const data = new FormData(form);
        data.delete("file");
        if (kind() !== "text") for (const file of chosen()) data.append("file", file, file.name);
        const rows = [...list.querySelectorAll(".upload-item")];
        const sizes = chosen().map((file) => file.size);
        const xhr = new XMLHttpRequest();
        xhr.open("POST", form.action);
        xhr.upload.addEventListener("progress", (event) => {
            let before = 0;
            rows.forEach((row, index) => {
                const bar = row.querySelector("progress");
                bar.hidden = false;
                const share = sizes[index] ? (event.loaded - before) / sizes[index] : 1;
                bar.value = Math.round(100 * Math.min(1, Math.max(0, share)));
                before += sizes[index] || 0;
            });
        });
        xhr.upload.addEventListener("load", () => {
            for (const row of rows) {
                row.querySelector("progress").value = 100;
                row.querySelector(".upload-item__status").textContent = PROCESSING;
            }
        });
        xhr.addEventListener("loadend", () => {
            const landedOn = xhr.status === 200 && xhr.responseURL ? new URL(xhr.responseURL).pathname : "";
            if (landedOn && landedOn !== form.getAttribute("action") && !landedOn.startsWith("/login")) {
                window.location.assign(xhr.responseURL);
                return;
            }
            save.disabled = false;
            save.textContent = "Save the memory";
            for (const row of rows) row.querySelector(".upload-item__status").textContent = "";
            const problem = landedOn.startsWith("/login")
                ? { message: "You were signed out, so the memory is not saved yet. Sign in again in another tab, then come back here and press “Save the memory” again: your files and words are still here." }
                : problemIn(xhr);
            const onFirstStep = ["file", "type", "content"].includes(problem.field);
            go(onFirstStep ? 1 : 2);
            showError(problem.message);
        });
        save.disabled = true;
        save.textContent = "Saving…";
        showError("");
        xhr.send(data);
    }

    setUpRecorder(recorder, (file) => {
        recorded = file;
        renderList();
    });

    form.querySelector("[data-step-actions]").hidden = false;
    const back = form.querySelector("[data-step-back]");
    back.hidden = false;
    back.addEventListener("click", () => go(1));
    form.querySelector("[data-step-next]").addEventListener("click", () => {
        const problem = checkFirstStep();
        showError(problem);
        if (!problem) go(2);
    });
    for (const radio of form.querySelectorAll("input[name=type]")) {
        radio.addEventListener("change", () => {
            // Files chosen for another kind would be sent as this one: start the choice again.
            files.value = "";
            showKind();
        });
    }
    files.addEventListener("change", renderList);
    form.addEventListener("submit", (event) => {
        event.preventDefault();
        const problem = checkFirstStep();
        if (problem) {
            go(1);
            showError(problem);
            return;
        }
        upload();
    });
    for (const heading of form.querySelectorAll("[data-step] h2")) heading.tabIndex = -1;
    showKind();
    // A page the server sent back with a problem in the details opens on the details.
    const firstError = form.querySelector(".field--error [name]");
    go(firstError && !["file", "type", "content"].includes(firstError.name) ? 2 : 1, false);
}

/// Records a voice memory with the microphone; hands the finished recording to `done` as a File.
function setUpRecorder(panel, done) {
    if (!canRecord()) return;
    const start = panel.querySelector("[data-record-start]");
    const stop = panel.querySelector("[data-record-stop]");
    const clock = panel.querySelector("[data-record-clock]");
    const time = panel.querySelector("[data-record-time]");
    const preview = panel.querySelector("[data-record-preview]");
    let recorder = null;
    let timer = null;
    start.addEventListener("click", async () => {
        let stream;
        try {
            stream = await navigator.mediaDevices.getUserMedia(VOICE);
        } catch {
            clock.hidden = false;
            clock.textContent = "The microphone could not be used. Check the browser’s permission, or choose a file instead.";
            return;
        }
        const chunks = [];
        recorder = new MediaRecorder(stream);
        recorder.addEventListener("dataavailable", (event) => chunks.push(event.data));
        recorder.addEventListener("stop", () => {
            for (const track of stream.getTracks()) track.stop();
            const type = recorder.mimeType || "audio/webm";
            const extension = type.includes("mp4") ? "m4a" : type.includes("ogg") ? "ogg" : "webm";
            const file = new File(chunks, `Voice memory.${extension}`, { type });
            preview.src = URL.createObjectURL(file);
            preview.hidden = false;
            done(file);
        });
        const began = Date.now();
        timer = setInterval(() => {
            const seconds = Math.floor((Date.now() - began) / 1000);
            time.textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
        }, 500);
        recorder.start();
        start.hidden = true;
        stop.hidden = false;
        clock.hidden = false;
    });
    stop.addEventListener("click", () => {
        clearInterval(timer);
        recorder?.stop();
        stop.hidden = true;
        clock.hidden = true;
        start.hidden = false;
        start.lastChild.textContent = " Record again";
    });
}

const form = document.querySelector("[data-memory-new]");
if (form) setUp(form);
