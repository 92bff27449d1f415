import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"
PROGRAMS = sorted(CORPUS.glob("*.mlir")) + sorted((CORPUS / "legacy").glob("*.mlir"))


def corpus_text(name: str) -> str:
    return (CORPUS / name).read_text()


@pytest.fixture
def root() -> pathlib.Path:
    return ROOT
