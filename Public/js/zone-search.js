// The time zone list, searched: typing "chic" leaves the places whose names hold it, and chooses the first of them
// (a phone's own list of 400 places is long to scroll). Without this script the list is there in full.

for (const box of document.querySelectorAll("[data-zone-search]")) {
    const select = document.getElementById(box.dataset.zoneSearch);
    const search = box.querySelector("input[type=search]");
    if (!select || !search) continue;
    const options = [...select.options];
    box.hidden = false;
    search.addEventListener("input", () => {
        const words = search.value.trim().toLowerCase();
        let first = null;
        for (const option of options) {
            const shown = !words || option.textContent.toLowerCase().includes(words) || option.selected;
            option.hidden = !shown;
            if (shown && words && !first && option.textContent.toLowerCase().includes(words)) first = option;
        }
        for (const group of select.querySelectorAll("optgroup")) {
            group.hidden = [...group.children].every((option) => option.hidden);
        }
        if (first) select.value = first.value;
    });
}
