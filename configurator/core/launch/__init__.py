"""The command that runs the job on a build: serving engines (commands.py: vLLM, llama.cpp, SGLang, ...) and
training frameworks (training.py: torchtune, accelerate + DeepSpeed, Megatron). Reads the estimate and the catalog."""
