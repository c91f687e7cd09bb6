// Live progress for "Add items from photos": polls the batch and shows the count as results arrive;
// when every photo is read, reloads the page so the review form appears.
const page = document.querySelector("[data-batch]");
if (page && page.dataset.batchWorking === "yes") {
    const url = page.dataset.batchUrl;
    const labels = { pending: "Waiting", running: "Being read…", done: "Ready", failed: "Could not be read" };
    const poll = async () => {
        try {
            const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
            if (!response.ok) throw new Error(String(response.status));
            const batch = await response.json();
            const finished = batch.entries.filter((e) => e.state === "done" || e.state === "failed").length;
            const count = page.querySelector("[data-batch-count]");
            if (count) count.textContent = `${finished} of ${batch.entries.length}`;
            const bar = page.querySelector("[data-batch-progress]");
            if (bar) {
                bar.value = finished;
                bar.textContent = `${finished} of ${batch.entries.length}`;
            }
            for (const entry of batch.entries) {
                const row = page.querySelector(`[data-batch-entry="${entry.index}"]`);
                if (!row) continue;
                row.dataset.state = entry.state;
                const state = row.querySelector("[data-batch-state]");
                if (state) state.textContent = labels[entry.state] || entry.state;
            }
            if (finished === batch.entries.length) {
                window.location.reload();
                return;
            }
        } catch (error) {
            // A missed poll is tried again; the page still works with the "Show the latest results" link.
        }
        window.setTimeout(poll, 1500);
    };
    window.setTimeout(poll, 1000);
}
