"""The progress bar of a batch on standard error, drawn as `aem convert` draws its own."""
import sys


class Progress:
    def __init__(self, total, stream=None):
        self.total, self.done, self.failed = total, 0, 0
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()

    def update(self, row):
        self.done += 1
        self.failed += not row.ok
        failed = f"({self.failed} failed) " if self.failed else ""
        if self.tty:
            filled = 30 * self.done // max(self.total, 1)
            self.stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total} {failed}{row.input}\x1b[K")
            if self.done == self.total:
                self.stream.write("\n")
        elif self.total > 1:
            self.stream.write(f"[{self.done}/{self.total}] {row.input}\n")
        self.stream.flush()
