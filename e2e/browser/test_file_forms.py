"""Every form that sends a file is used from a real browser (issue 45): a binder paper was once refused with 415 by a
form no test had ever posted. This lists the file inputs of every page template and fails when one has no browser
story that chooses a real file in it (helpers.choose_file, by the input's id). It needs no browser itself."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
FILE_INPUT = re.compile(r"<input\b[^>]*\btype=\"file\"[^>]*>")
CHOSEN = re.compile(r"choose_file\(\s*\w+,\s*\"([^\"]+)\"")


def file_inputs():
    """(template, the input's id or None) for each file input of every page template."""
    for template in sorted((ROOT / "Resources" / "Views").rglob("*.leaf")):
        for tag in FILE_INPUT.findall(template.read_text()):
            found = re.search(r"\bid=\"([^\"]+)\"", tag)
            yield template.relative_to(ROOT).as_posix(), found.group(1) if found else None


def chosen_in_stories():
    """The ids of the file inputs the browser stories choose files in."""
    stories = (path for path in (ROOT / "e2e" / "browser").glob("test_*.py") if path.name != pathlib.Path(__file__).name)
    return {name for story in stories for name in CHOSEN.findall(story.read_text())}


def test_every_file_form_is_used_from_a_browser():
    inputs = list(file_inputs())
    assert len(inputs) >= 10, inputs  # the templates were found, and read
    without_id = [template for template, name in inputs if name is None]
    assert not without_id, f"file inputs without an id (a label needs one, and so does this test): {without_id}"
    chosen = chosen_in_stories()
    missing = [f"{template} #{name}" for template, name in inputs if name not in chosen]
    assert not missing, f"no browser story chooses a file in: {missing}"
