"""Models brought in from outside the catalog: a Hugging Face config.json, a GGUF header, a safetensors folder."""
