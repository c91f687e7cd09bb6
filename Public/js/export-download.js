// "Download everything" with a progress bar in the page.
// Where the browser can write a file as it arrives (showSaveFilePicker), the page saves the stream itself and
// counts the bytes. Everywhere else the browser downloads the link as usual, and the page asks the hub how far
// that download has got (GET /api/export/progress/ID) once a second.
const page = document.querySelector("[data-export]");
const link = page?.querySelector("[data-export-download]");
const box = page?.querySelector("[data-export-progress]");
const bar = page?.querySelector("[data-export-bar]");
const status = page?.querySelector("[data-export-status]");
const label = page?.querySelector("[data-export-label]");
const baseHref = link?.getAttribute("href");

function show(received, total) {
    if (total <= 0) return;
    const percent = Math.min(100, Math.floor((received / total) * 100));
    bar.value = percent;
    bar.textContent = `${percent}%`;
    status.textContent = `${percent}% saved`;
}

function finished() {
    label.textContent = "Export saved";
    bar.value = 100;
    bar.textContent = "100%";
    status.textContent = "The export is saved. Keep it somewhere safe, away from this computer.";
}

function stopped(reason) {
    status.textContent = `The export stopped before it was complete (${reason}). Please try again.`;
}

async function saveWithPicker(event) {
    event.preventDefault();
    let file;
    try {
        file = await window.showSaveFilePicker({
            suggestedName: "heirloom-export.zip",
            types: [{ description: "ZIP archive", accept: { "application/zip": [".zip"] } }],
        });
    } catch {
        return; // The person closed the dialog.
    }
    box.hidden = false;
    try {
        const response = await fetch(baseHref, { credentials: "same-origin" });
        if (!response.ok || !response.body) throw new Error(`the hub answered ${response.status}`);
        const total = Number(response.headers.get("Content-Length")) || 0;
        let received = 0;
        const counter = new TransformStream({
            transform(chunk, controller) {
                received += chunk.byteLength;
                show(received, total);
                controller.enqueue(chunk);
            },
        });
        await response.body.pipeThrough(counter).pipeTo(await file.createWritable());
        finished();
    } catch (error) {
        stopped(error.message);
    }
}

function followDownload() {
    // Runs before the browser follows the link, so the download carries this id.
    const id = crypto.randomUUID();
    link.setAttribute("href", `${baseHref}?progress=${id}`);
    box.hidden = false;
    bar.value = 0;
    status.textContent = "Starting…";
    let misses = 0;
    const timer = setInterval(async () => {
        try {
            const response = await fetch(`${baseHref}/progress/${id}`, { credentials: "same-origin" });
            if (response.status === 404) {
                // Not begun yet; after half a minute something is wrong.
                if (++misses > 30) {
                    clearInterval(timer);
                    stopped("the download did not start");
                }
                return;
            }
            const progress = await response.json();
            show(progress.written, progress.total);
            if (progress.state === "done") {
                clearInterval(timer);
                finished();
            } else if (progress.state === "failed") {
                clearInterval(timer);
                stopped("the hub could not finish it");
            }
        } catch {
            // A moment without the network: try again next second.
        }
    }, 1000);
}

if (link && box) {
    link.addEventListener("click", "showSaveFilePicker" in window ? saveWithPicker : followDownload);
}
