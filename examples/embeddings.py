"""Embed hooks for MemoryStore(path, embed=...), standard library only: a deterministic toy
embedder (`hashed_ngrams`) and a client for any OpenAI-compatible embeddings endpoint
(`openai_embeddings`).

The hook's contract (memory.MemoryStore): `embed(list[str]) -> list[vector]`, one vector (a
sequence of floats, all of one length) per text, in order; called once per add_many batch and
once per recall query. The store names the hook by `embed_name=` or the callable's __name__
and refuses another one on a file whose vectors it did not make.

`hashed_ngrams` is for tests and plumbing: each word's character trigrams (with word edges)
hashed by BLAKE2b into DIMS signed buckets. Texts sharing words or word pieces get similar
vectors; it knows nothing of meaning ("employer" is not near "work").

`openai_embeddings(base_url, model, ...)` POSTs {base_url}/embeddings with {"model", "input":
[texts]} (urllib, JSON) and returns the "data" vectors ordered by their "index". Configuration
from arguments or the environment (MEMORY_EMBED_BASE_URL, MEMORY_EMBED_API_KEY,
MEMORY_EMBED_MODEL, MEMORY_EMBED_TIMEOUT seconds, default 30). A timeout, connection failure,
HTTP error status or malformed answer raises EmbeddingError naming the URL and status (never the
key); the store reports it as an EmbedError and writes nothing. Cost: one request per batch.

    from embeddings import openai_embeddings
    store = MemoryStore("m.db", embed=openai_embeddings("http://localhost:11434/v1", "nomic-embed-text"))
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import urllib.error
import urllib.request

DIMS = 256  # toy vector length
_WORD = re.compile(r"[^\W_]+")


def hashed_ngrams(texts) -> list[list[float]]:
    """Deterministic toy vectors (DIMS floats, unit length; a text with no letters or digits
    gets one fixed bucket, so no vector is zero)."""
    out = []
    for text in texts:
        vec = [0.0] * DIMS
        for word in _WORD.findall(text.casefold()):
            padded = f"<{word}>"
            for i in range(max(1, len(padded) - 2)):
                h = int.from_bytes(hashlib.blake2b(padded[i:i + 3].encode(), digest_size=4).digest(), "big")
                vec[h % DIMS] += 1.0 if h & (1 << 31) else -1.0
        if not any(vec):
            vec[0] = 1.0
        norm = math.sqrt(sum(x * x for x in vec))
        out.append([x / norm for x in vec])
    return out


hashed_ngrams.__name__ = f"hashed-trigrams-{DIMS}"


class EmbeddingError(RuntimeError):
    """The embeddings endpoint failed or answered something else than vectors."""


def openai_embeddings(base_url=None, model=None, *, api_key=None, timeout=None, name=None):
    """An embed hook calling POST {base_url}/embeddings; its __name__ is `name` or
    "openai:<model>" (what the store records)."""
    base = (base_url or os.environ.get("MEMORY_EMBED_BASE_URL", "")).rstrip("/")
    model = model or os.environ.get("MEMORY_EMBED_MODEL", "")
    key = api_key if api_key is not None else os.environ.get("MEMORY_EMBED_API_KEY", "")
    seconds = float(timeout if timeout is not None else os.environ.get("MEMORY_EMBED_TIMEOUT", 30))
    if not base or not model:
        raise EmbeddingError("an embeddings endpoint needs a base URL and a model (MEMORY_EMBED_BASE_URL, "
                             "MEMORY_EMBED_MODEL)")
    url = f"{base}/embeddings"

    def embed(texts):
        body = json.dumps({"model": model, "input": list(texts)}).encode()
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=seconds) as response:
                answer = json.loads(response.read())
        except urllib.error.HTTPError as exc:
            raise EmbeddingError(f"POST {url}: HTTP {exc.code}") from None
        except (urllib.error.URLError, OSError, ValueError) as exc:
            raise EmbeddingError(f"POST {url}: {type(exc).__name__}") from None
        try:
            data = sorted(answer["data"], key=lambda d: d["index"])
            vectors = [list(map(float, d["embedding"])) for d in data]
        except (KeyError, TypeError, ValueError):
            raise EmbeddingError(f"POST {url}: the answer has no data[].embedding vectors") from None
        if len(vectors) != len(texts):
            raise EmbeddingError(f"POST {url}: {len(vectors)} vectors for {len(texts)} texts")
        return vectors

    embed.__name__ = name or f"openai:{model}"
    return embed
