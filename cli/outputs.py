"""Writing the CLI's output files: whole or not at all.

A file is written to a temporary name beside its target and renamed over it only once
complete, so an interrupted or failed command never leaves half a file behind.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable, Protocol

from games.errors import DigsiteError

__all__ = ["write_text", "write_model", "write_json", "prepare_dir", "check_writable",
           "check_folder", "check_record_path"]


def _path(path: str | Path) -> Path:
    """``path`` as a ``Path``; a NUL character (which no file name holds, and which the
    system calls refuse with a ValueError) is refused in words."""
    if "\x00" in str(path):
        raise DigsiteError(f"{str(path)!r}: a path cannot hold a NUL character")
    return Path(path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class ExportableModel(Protocol):
    """What :func:`write_model` needs of a model: OR-Tools' ``CpModel.export_to_file``
    (a protocol, so that this module does not import OR-Tools: a command that writes no
    model should not pay for it)."""

    def export_to_file(self, file: str) -> bool: ...


def write_text(path: str | Path, text: str) -> Path:
    """Write ``text`` to ``path`` atomically; ``DigsiteError`` names the path on failure."""

    def fill(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8") as out:
            out.write(text)

    return _write_atomically(_path(path), fill)


def write_model(path: str | Path, model: ExportableModel) -> Path:
    """Write a CP-SAT model (``cp_model.CpModel``) to ``path`` atomically, as the OR-Tools
    samples' ``--output_proto`` does: the text format for a name ending in ``.pbtxt`` or
    ``.txt``, the binary proto otherwise (load it with ``cp_model_pb2.CpModelProto()
    .ParseFromString`` or ``text_format.Parse``)."""
    target = _path(path)
    text = target.suffix.lower() in (".pbtxt", ".txt")

    def fill(tmp: str) -> None:
        # OR-Tools picks the format by the name: text when it ends in "txt"
        if not model.export_to_file(tmp):
            raise DigsiteError(f"{target}: OR-Tools could not write the model")

    return _write_atomically(target, fill, suffix=".pbtxt" if text else ".pb")


def _write_atomically(target: Path, fill: Callable[[str], None], *, suffix: str = "") -> Path:
    """``fill(temporary path)`` beside ``target``, then renamed over it."""
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise DigsiteError(f"{target}: folder {folder} does not exist")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=folder)
        try:
            os.close(fd)
            fill(tmp)
            os.chmod(tmp, 0o666 & ~_umask())  # mkstemp made it private
            os.replace(tmp, target)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
    except IsADirectoryError:
        raise DigsiteError(f"{target}: is a directory") from None
    except OSError as exc:
        raise DigsiteError(f"{target}: {exc.strerror}") from None
    return target


def check_writable(path: str | Path) -> Path:
    """Refuse (``DigsiteError``) a file path :func:`write_text` could not write, before
    any long work is done: its folder must exist and be writable, and the path must not
    be a folder or a read-only file."""
    target = _path(path)
    try:
        return _check_writable(target)
    except OSError as exc:  # a name too long for the file system, a loop of links, ...
        raise DigsiteError(f"{_clip(target)}: {exc.strerror or exc}") from None


def check_record_path(path: str | Path, key: str, what: str, *, keep: bool = False) -> Path:
    """:func:`check_writable`, and a record file (``play --record``, ``track --record``)
    replaces only a record of its own kind: an existing path that is not a regular file
    (a link, a device, a pipe), or a file that is not a JSON object with ``key`` (``what``:
    "a game record"), is refused, since it is written over at the first line. With
    ``keep`` (a new table: its record is all a real game leaves) an existing record of the
    kind is refused too. ``-`` is refused: a record is a file written as the game goes,
    not the standard output (it wrote a file named ``-``)."""
    if str(path) == "-":
        raise DigsiteError("--record -: a record is a file written as the game goes, not "
                           "the standard output; name a file (./- for one named -)")
    target = check_writable(path)
    if not (target.exists() or target.is_symlink()):
        return target
    # (the path as given in every refusal: ./- is no -, the standard input)
    if target.is_symlink() or not target.is_file():
        raise DigsiteError(f"{_clip(path)}: exists and is not a regular file; a record is "
                           f"written there, so name a new file")
    try:
        with open(target, encoding="utf-8") as handle:
            doc = json.loads(handle.read(4 * 1024 * 1024))
    except (OSError, ValueError):
        doc = None
    if not isinstance(doc, dict) or key not in doc:
        raise DigsiteError(f"{_clip(path)}: exists and is not {what}; it would be written "
                           f"over, so name a new file")
    if keep:
        raise DigsiteError(f"{_clip(path)}: holds {what} already; --resume "
                           f"{_clip(path)} goes on with it, or name a new file with "
                           f"--record FILE")
    return target


def _clip(path: str | Path, width: int = 80) -> str:
    """A path cut for an error line."""
    text = str(path)
    return text if len(text) <= width else text[:width] + "..."


def _check_writable(target: Path) -> Path:
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise DigsiteError(f"{target}: folder {folder} does not exist")
    if target.is_dir():
        raise DigsiteError(f"{target}: is a directory")
    if not os.access(folder, os.W_OK | os.X_OK) or (target.exists()
                                                    and not os.access(target, os.W_OK)):
        raise DigsiteError(f"{target}: permission denied")
    return target


def check_folder(path: str | Path) -> Path:
    """Refuse (``DigsiteError``) a folder :func:`prepare_dir` could not make or write in,
    before any long work and without making it: it must be a folder, or not exist yet with
    its nearest existing parent a folder one may write in."""
    folder = _path(path)
    try:
        return _check_folder(folder)
    except OSError as exc:  # a name too long for the file system, a loop of links, ...
        raise DigsiteError(f"{_clip(folder)}: {exc.strerror or exc}") from None


def _check_folder(folder: Path) -> Path:
    if folder.exists():
        if not folder.is_dir():
            raise DigsiteError(f"{folder}: exists and is not a folder")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise DigsiteError(f"{folder}: permission denied")
        return folder
    parent = folder.absolute().parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir():
        raise DigsiteError(f"{folder}: {parent} is not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise DigsiteError(f"{folder}: permission denied")
    return folder


def write_json(path: str | Path, value: dict[str, Any]) -> Path:
    """Write ``value`` as indented JSON (a final newline) to ``path`` atomically."""
    return write_text(path, json.dumps(value, indent=2) + "\n")


def prepare_dir(path: str | Path) -> Path:
    """The folder ``path``, created if missing; ``DigsiteError`` if it is a file."""
    folder = _path(path)
    if folder.exists() and not folder.is_dir():
        raise DigsiteError(f"{folder}: exists and is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DigsiteError(f"{folder}: {exc.strerror}") from None
    return folder
