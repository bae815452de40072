"""Intent by meaning: a question's nearest labelled example questions.

:data:`EXAMPLES` are our own wordings of what people ask of their files, by intent; :class:`IntentModel` scores
a question against them by cosine (the MiniLM embedder the index already uses), or by word overlap without one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np

from .slots import words

EmbedFn = Callable[[list[str]], np.ndarray]

FILE_INTENTS = ("count", "list", "metadata", "tree", "folders", "disk")
INTENTS = (*FILE_INTENTS, "content", "chat")

# Labelled examples: our own wording, varied, about everyday personal files.
EXAMPLES: dict[str, list[str]] = {
    "count": [
        "how many files do I have", "how many PDFs are there", "count my photos",
        "number of spreadsheets in my folders", "how many documents did I add this week",
        "how many receipts do I have from last month", "how many pictures did I take in June",
        "total number of text files", "how many contracts are stored here", "do I have many images",
        "how many letters from the bank did I get", "how many scans are in my documents",
    ],
    "list": [
        "list my PDF files", "show me the files about the car", "which files mention my landlord",
        "what documents do I have about taxes", "show my recent files", "what did I change yesterday",
        "list the photos from last summer", "which files are about the wedding", "what are my newest documents",
        "show me everything related to insurance", "find the files about school", "which spreadsheets do I have",
        "what are the biggest files", "list the largest documents", "show me the oldest pictures",
        "give me the files I edited last week", "what files did I save in March",
        "find files named report", "which files have budget in their name", "what's in my music folder",
    ],
    "metadata": [
        "when was my resume last modified", "when did I last edit the packing list", "how big is the manual",
        "what is the size of the contract", "when did I create the budget file", "when was the report updated",
        "how old is my cv", "what type of file is the lease", "when did I last touch the shopping list",
        "last modified date of the thesis draft", "how large is the video", "when did I save the letter",
    ],
    "tree": [
        "how are my files organised", "show me the folder structure", "what folders do I have",
        "give me an overview of my directories", "what's in my documents folder", "show the directory tree",
        "what subfolders are there", "how is everything arranged",
    ],
    "folders": [
        "which folder is the biggest", "which folder has the most files", "folder sizes",
        "how much space does each folder use", "what directory takes up the most room",
        "size of every folder",
    ],
    "disk": [
        "how much disk space do my files use", "how much storage am I using", "total size of my files",
        "how many gigabytes do the documents take", "what takes up space by file type", "disk usage",
    ],
    "content": [
        "how much did I pay for the electricity", "what is the total on the plumber's invoice",
        "when is the rent due", "who is my landlord", "what is the wifi password",
        "how many eggs go in the pancakes", "what temperature for the roast chicken", "what's my IBAN",
        "when does the warranty expire", "what is the address of the apartment", "who signed the contract",
        "what did the doctor say about my knee", "how long is the notice period", "what's the deposit amount",
        "what are the ingredients for the soup", "which hotel did we book in Rome", "what is my customer number",
        "what's the phone number of the dentist", "how many days of holiday do I have left",
        "what did we decide in the meeting", "summarize the project plan", "what does the photo of the beach show",
        "what is the discount code", "how much memory does the laptop have", "what time is the flight",
        "what is the policy number on my car insurance", "what was the budget for groceries",
    ],
    "chat": [
        "hello", "thanks", "tell me a joke", "what is the capital of France", "who won the world cup",
        "what's the weather tomorrow", "write me a poem", "how are you",
    ],
}


class IntentModel:
    """Nearest labelled examples by cosine; embeds the examples once, lazily."""

    def __init__(self, embed: EmbedFn | None, examples: dict[str, list[str]] | None = None, k: int = 3) -> None:
        self.embed = embed
        self.examples = examples or EXAMPLES
        self.k = k
        self._lock = threading.Lock()
        self._vectors: np.ndarray | None = None
        self._labels: list[str] = []

    def _load(self) -> None:
        with self._lock:
            if self._vectors is not None or self.embed is None:
                return
            labels, texts = [], []
            for intent, qs in self.examples.items():
                labels += [intent] * len(qs)
                texts += qs
            self._vectors = np.asarray(self.embed(texts), dtype=np.float32)
            self._labels = labels

    def scores(self, question: str) -> dict[str, float]:
        """Per intent: the mean cosine of its ``k`` nearest examples (lexical overlap without an embedder)."""
        if self.embed is None:
            return self._lexical(question)
        self._load()
        assert self._vectors is not None
        q = np.asarray(self.embed([question]), dtype=np.float32)[0]
        sims = self._vectors @ q
        out: dict[str, float] = {}
        for intent in self.examples:
            mine = np.sort(sims[[i for i, lab in enumerate(self._labels) if lab == intent]])[::-1][: self.k]
            out[intent] = float(mine.mean()) if len(mine) else 0.0
        return out

    def _lexical(self, question: str) -> dict[str, float]:
        qs = set(words(question))
        out = {}
        for intent, examples in self.examples.items():
            sims = sorted((len(qs & set(words(e))) / (len(qs | set(words(e))) or 1) for e in examples), reverse=True)
            out[intent] = sum(sims[: self.k]) / self.k
        return out
