// "Download everything" with a progress bar in the page, where the browser can write a file as it arrives
// (showSaveFilePicker); elsewhere the link downloads as usual and the browser shows its own progress.
const page = document.querySelector("[data-export]");
const link = page?.querySelector("[data-export-download]");
if (link && "showSaveFilePicker" in window) {
    link.addEventListener("click", async (event) => {
        event.preventDefault();
        const box = page.querySelector("[data-export-progress]");
        const bar = page.querySelector("[data-export-bar]");
        const status = page.querySelector("[data-export-status]");
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
            const response = await fetch(link.href, { credentials: "same-origin" });
            if (!response.ok || !response.body) throw new Error(`The hub answered ${response.status}.`);
            const total = Number(response.headers.get("Content-Length")) || 0;
            let received = 0;
            const counter = new TransformStream({
                transform(chunk, controller) {
                    received += chunk.byteLength;
                    if (total > 0) {
                        const percent = Math.floor((received / total) * 100);
                        bar.value = percent;
                        bar.textContent = `${percent}%`;
                        status.textContent = `${percent}% saved`;
                    }
                    controller.enqueue(chunk);
                },
            });
            await response.body.pipeThrough(counter).pipeTo(await file.createWritable());
            bar.value = 100;
            status.textContent = "The export is saved. Keep it somewhere safe, away from this computer.";
        } catch (error) {
            status.textContent = `The export stopped before it was complete (${error.message}). Please try again.`;
        }
    });
}
