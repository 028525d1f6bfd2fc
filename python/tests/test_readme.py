"""The README's Python example runs as written (as a doctest)."""

import doctest
import re
from pathlib import Path

README = Path(__file__).parents[2] / "README.md"


def test_the_readme_python_example_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    examples = [b for b in blocks if b.lstrip().startswith(">>>")]
    assert examples, "the README shows a Python example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, text in enumerate(examples):
        test = parser.get_doctest(text, {}, f"README example {i + 1}", str(README), 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted >= 4
