// "The AI expert is looking…": shows words and a spinner while an appraisal runs, and stops a second press.
for (const form of document.querySelectorAll("form[data-ai-busy]")) {
    form.addEventListener("submit", () => {
        const status = form.querySelector("[data-ai-busy-status]");
        if (status) status.hidden = false;
        for (const button of form.querySelectorAll("button[type=submit]")) {
            button.disabled = true;
            button.setAttribute("aria-busy", "true");
        }
    });
}
