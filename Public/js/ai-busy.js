// "The AI expert is looking…": shows words and a spinner while an appraisal runs, and stops a second press.
for (const form of document.querySelectorAll("form[data-ai-busy]")) {
    form.addEventListener("submit", (event) => {
        // Too many photos are refused before they are uploaded, not after.
        const limit = Number(form.dataset.maxFiles || 0);
        const input = form.querySelector("input[type=file]");
        const tooMany = form.querySelector("[data-max-files-error]");
        if (limit && input && input.files.length > limit) {
            event.preventDefault();
            if (tooMany) tooMany.hidden = false;
            input.focus();
            return;
        }
        const status = form.querySelector("[data-ai-busy-status]");
        if (status) status.hidden = false;
        for (const button of form.querySelectorAll("button[type=submit]")) {
            button.disabled = true;
            button.setAttribute("aria-busy", "true");
        }
    });
}

// Back (or forward) to a page kept by the browser: the buttons work again.
window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const form of document.querySelectorAll("form[data-ai-busy]")) {
        form.querySelector("[data-ai-busy-status]")?.setAttribute("hidden", "");
        for (const button of form.querySelectorAll("button[type=submit]")) {
            button.disabled = false;
            button.removeAttribute("aria-busy");
        }
    }
});
