"""SplitMix64: a tiny generator whose output is fixed by its seed, whatever Python or machine runs it. The world
uses no floating-point function of the C library (exp, log, pow), whose last bits may differ between systems:
only + - * / on doubles, which IEEE 754 fixes, so the day is the same bytes everywhere."""

import hashlib
import uuid

MASK = (1 << 64) - 1


class Generator:
    def __init__(self, *parts):
        digest = hashlib.sha256("\x1f".join(str(p) for p in parts).encode()).digest()
        self.state = int.from_bytes(digest[:8], "little")

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def between(self, low, high):
        """A whole number from low to high, both included."""
        return low + self.below(high - low + 1)

    def chance(self, p):
        return self.next() < p * (1 << 64)

    def choice(self, items):
        return items[self.below(len(items))]

    def unit(self):
        """A number in [0, 1)."""
        return (self.next() >> 11) / float(1 << 53)

    def shuffled(self, items):
        items = list(items)
        for index in range(len(items) - 1, 0, -1):
            other = self.below(index + 1)
            items[index], items[other] = items[other], items[index]
        return items

    def weighted(self, items, weights):
        """One of items, each as likely as its (whole) weight."""
        total = sum(weights)
        pick = self.below(total)
        for item, weight in zip(items, weights):
            pick -= weight
            if pick < 0:
                return item
        return items[-1]

    def uuid4(self):
        value = (self.next() << 64) | self.next()
        value = (value & ~(0xF000 << 64)) | (0x4000 << 64)  # version 4
        value = (value & ~(0xC000 << 48)) | (0x8000 << 48)  # RFC 4122 variant
        return str(uuid.UUID(int=value))
