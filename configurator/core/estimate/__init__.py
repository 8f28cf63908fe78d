"""Memory, speed and time estimators for inference, fine-tuning and pretraining."""
