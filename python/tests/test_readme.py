"""The Python page's example (`docs/python.md`, linked from the README) runs as written (as a
doctest)."""

import doctest
import re
from pathlib import Path

PAGE = Path(__file__).parents[2] / "docs" / "python.md"


def test_the_python_page_example_runs():
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    examples = [b for b in blocks if b.lstrip().startswith(">>>")]
    assert examples, "docs/python.md shows a Python example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, text in enumerate(examples):
        test = parser.get_doctest(text, {}, f"docs/python.md example {i + 1}", str(PAGE), 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted >= 4
