// The item page folds its appraisal and "parting with it" away. An address that names something inside a fold
// (/items/…#appraisal, after saving the appraisal's notes, say) opens the fold and shows it.

function openFoldFor(hash) {
    if (!hash || hash.length < 2) return;
    let id;
    try {
        id = decodeURIComponent(hash.slice(1));
    } catch {
        return; // an address that is not one names nothing here
    }
    const target = document.getElementById(id);
    if (!target) return;
    let fold = target.closest("details");
    if (!fold) return;
    while (fold) {
        fold.open = true;
        fold = fold.parentElement ? fold.parentElement.closest("details") : null;
    }
    target.scrollIntoView();
}

openFoldFor(location.hash);
window.addEventListener("hashchange", () => openFoldFor(location.hash));
