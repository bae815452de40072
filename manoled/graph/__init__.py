"""The file graph: edges between files from the catalog alone (edges), and views of it (view)."""
