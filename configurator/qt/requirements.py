"""The requirements panel: model, workload and constraints, written into a new request."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import ValidationError
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common.errors import InvalidInputError, error_message, invalid_of
from configurator.core.estimate.frameworks import FRAMEWORK_NAMES, FRAMEWORKS
from configurator.core.estimate.frameworks import framework as framework_of
from configurator.core.estimate.precision import KV_PRECISIONS, WEIGHT_PRECISIONS
from configurator.core.estimate.traffic import TYPICAL_PROMPT_TOKENS
from configurator.core.estimate.workload import ACCELERATE_FSDP_FRAMEWORKS, Workload
from configurator.core.model.request import (
    CIRCUIT_NAMES,
    RACK_FEED_CIRCUITS,
    BuildRequest,
    OwnedPart,
    default_circuit,
    server_room_feed,
)
from configurator.core.report.fit import FORM_FIELDS, ran
from configurator.qt.i18n import circuit_name, workload_name
from configurator.qt.inputs import combo, compact, dspin, set_combo, spin
from configurator.qt.session import Session

ERROR_COLOR = "#c8553d"


class ModelPicker(QWidget):
    """Search box over the model catalog, grouped by family, with parameters and context."""

    model_chosen = Signal(str)
    import_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.search = QLineEdit(placeholderText=self.tr("Search models, e.g. llama 70"))
        self.search.setClearButtonEnabled(True)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Model"), self.tr("Params"), self.tr("Context")])
        self.tree.setRootIsDecorated(True)
        self.tree.setMinimumHeight(170)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, header.ResizeMode.Stretch)
        header.setSectionResizeMode(1, header.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, header.ResizeMode.ResizeToContents)
        self.import_button = QPushButton(self.tr("Import config.json / GGUF / model folder…"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search)
        layout.addWidget(self.tree)
        layout.addWidget(self.import_button)
        self.search.textChanged.connect(self._on_search_text_changed)
        self.search.returnPressed.connect(self._on_search_return_pressed)
        self.search.setToolTip(self.tr("Type to narrow the list; Enter or a click chooses the highlighted model"))
        self.tree.currentItemChanged.connect(self._on_tree_current_item_changed)
        # a click on the highlighted match chooses it too: it is the current item already, so no change was signalled
        # and the window went on solving the model before while the list showed the new one selected (xdotool walk)
        self.tree.itemClicked.connect(self._on_tree_item_clicked)
        self.import_button.clicked.connect(self.import_requested)
        self._selected = ""

    def set_models(self, models: list[ModelArch], selected: str) -> None:
        self.tree.blockSignals(True)
        self.tree.clear()
        families: dict[str, QTreeWidgetItem] = {}
        for model in sorted(models, key=lambda m: (m.family.lower(), m.params_total_b)):
            family = families.get(model.family)
            if family is None:
                family = QTreeWidgetItem([model.family])
                family.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.tree.addTopLevelItem(family)
                families[model.family] = family
            params = f"{model.params_total_b:.1f}B"
            if model.moe:  # the Chinese window read "400.0B (17.0B active)" (walk20)
                params = self.tr("{0:.1f}B ({1:.1f}B active)").format(model.params_total_b, model.params_active_b)
            item = QTreeWidgetItem([model.name, params, f"{model.max_context // 1024}k"])
            item.setData(0, Qt.ItemDataRole.UserRole, model.id)
            item.setToolTip(
                0,
                # the whole name too: a narrow list elides it ("Llama 3.3 70B I...")
                self.tr("{0} ({1}): {2} layers, {3} heads / {4} KV heads").format(
                    model.name, model.id, model.num_layers, model.num_attention_heads, model.num_kv_heads
                ),
            )
            family.addChild(item)
        self.tree.expandAll()
        self.tree.blockSignals(False)
        self.select(selected)
        self._on_search_text_changed(self.search.text())
        self.reveal()

    def select(self, model_id: str) -> None:
        self._selected = model_id
        for i in range(self.tree.topLevelItemCount()):
            family = self.tree.topLevelItem(i)
            if family is None:
                continue
            for j in range(family.childCount()):
                item = family.child(j)
                if item is not None and item.data(0, Qt.ItemDataRole.UserRole) == model_id:
                    if item.isHidden():
                        # the search of another job hid it: switching to workload 1 (Qwen2.5 72B) or opening Mina's
                        # project showed "qwen2.5 32" and Qwen2.5 32B alone in the list, as if that were the model
                        self.search.clear()
                    self.tree.blockSignals(True)
                    self.tree.setCurrentItem(item)
                    self.tree.blockSignals(False)
                    self.reveal(centre=True)  # chosen for the user (a project, a workload): shown amid its family
                    return

    def reveal(self, centre: bool = False) -> None:
        """Scroll the chosen model into the middle of the list when it is not wholly in view (or, with `centre`,
        always). Qt scrolls only when the current item changes and the list is on screen, and then to its edge: a
        project of the model already chosen, or a model set before the window showed, left the list wherever it
        stood (walk19: on the Qwen families after a restart)."""
        item = self.tree.currentItem()
        if item is None or item.isHidden() or not self.tree.isVisible():
            return
        rect, view = self.tree.visualItemRect(item), self.tree.viewport().rect()
        if centre or not (rect.isValid() and view.contains(rect.topLeft()) and view.contains(rect.bottomLeft())):
            self.tree.scrollToItem(item, QAbstractItemView.ScrollHint.PositionAtCenter)

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().showEvent(event)
        QTimer.singleShot(0, self, self.reveal)  # once laid out at its shown size

    def _on_search_text_changed(self, text: str) -> None:
        tokens = text.lower().split()
        # the match to select when the current model is filtered out: one whose name or id is what was typed, else the
        # newest generation's (families sort by name, so "llama 70" picks Llama 3.3 70B, not Llama 2 70B)
        best, exact, best_score = None, None, None
        for i in range(self.tree.topLevelItemCount()):
            family = self.tree.topLevelItem(i)
            if family is None:
                continue
            visible = 0
            for j in range(family.childCount()):
                item = family.child(j)
                if item is None:
                    continue
                model_id = str(item.data(0, Qt.ItemDataRole.UserRole))
                haystack = f"{item.text(0)} {model_id} {family.text(0)}".lower()
                show = all(t in haystack for t in tokens)
                item.setHidden(not show)
                if show:
                    visible += 1
                    # the closest name: a typed word that names the family itself ("qwen3 30b" -> Qwen3 30B-A3B, not
                    # Qwen3-Coder), then the newest generation (families sort by name), then the shortest name
                    score = (family.text(0).lower() in tokens, i, -len(item.text(0).split()), -j)
                    if best_score is None or score > best_score:
                        best, best_score = item, score
                    if " ".join(tokens) in (item.text(0).lower(), model_id.lower()):
                        exact = exact or item
            family.setHidden(visible == 0)
        choice = exact or best
        current = self.tree.currentItem()
        if tokens and choice is not None and (current is None or current.isHidden()):
            # highlighted, not chosen: a guess is never solved ("1b" had solved TinyLlama); Enter or a click chooses
            self.tree.blockSignals(True)
            self.tree.setCurrentItem(choice)
            self.tree.blockSignals(False)

    def _on_search_return_pressed(self) -> None:
        current = self.tree.currentItem()
        if current is None or current.isHidden():
            return
        model_id = current.data(0, Qt.ItemDataRole.UserRole)
        if model_id and model_id != self._selected:
            self._selected = model_id
            self.model_chosen.emit(model_id)

    def _on_tree_item_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        self._on_tree_current_item_changed(item, None)

    def _on_tree_current_item_changed(self, current: QTreeWidgetItem | None, _previous: object) -> None:
        if current is None:
            return
        model_id = current.data(0, Qt.ItemDataRole.UserRole)
        if model_id and model_id != self._selected:
            self._selected = model_id
            self.model_chosen.emit(model_id)


def solver_choices(used: Mapping[str, object], asked: Workload) -> dict[str, tuple[object, bool]]:
    """Settings of the estimate's workload (`used`) beside the form's controls: key -> (value, left on auto). Auto
    controls always say what they resolved to; others only when the solver ran something else (report.fit.ran)."""
    out: dict[str, tuple[object, bool]] = {}
    for key in FORM_FIELDS.get(str(used.get("kind", asked.kind)), ()):
        value, auto, chosen = ran(used, asked, key)
        if value is not None and (auto or chosen):
            out[key] = (value, auto)
    return out


class RequirementsPanel(QWidget):
    """Every input of a request; a change builds a new frozen request for the session."""

    import_requested = Signal()

    def __init__(self, session: Session, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self._loading = False
        self._currency_shown = session.request.currency
        self.picker = ModelPicker()
        self.picker.import_requested.connect(self.import_requested)
        # grey "auto: llama.cpp" beside a control: what the selected build's estimate used where the user left
        # the control on auto, or where the solver ran another setting to make the job fit
        self.hints: dict[str, QLabel] = {}
        self.tabs = QTabWidget()
        for make, title in (
            (self._inference_form, self.tr("Inference")),
            (self._finetune_form, self.tr("Fine-tuning")),
            (self._pretrain_form, self.tr("Pretraining")),
        ):
            page = QWidget()
            make(QFormLayout(page))
            self.tabs.addTab(page, title)
        box = QGroupBox(self.tr("Budget and site"))
        self._site_form(QFormLayout(box))
        self._make_error()
        layout = QVBoxLayout(self)
        layout.addLayout(self._workload_switcher())
        layout.addWidget(QLabel(self.tr("<b>Model</b>")))
        layout.addWidget(self.picker, 2)
        layout.addWidget(self.tabs)
        layout.addWidget(box)
        layout.addWidget(self.error)
        self._connect(session)

    def _inference_form(self, form: QFormLayout) -> None:
        """The inference tab: engine, weights, KV cache, context, users, target speed, offload."""
        self.engine = combo(
            [
                (self.tr("auto"), None),
                (self.tr("llama.cpp"), "llama.cpp"),
                (self.tr("vLLM"), "vllm"),
                (self.tr("SGLang"), "sglang"),
                (self.tr("transformers"), "transformers"),
                (self.tr("ExLlamaV2"), "exllamav2"),
                (self.tr("ExLlamaV3"), "exllamav3"),
            ],
            self.tr("Inference engine: llama.cpp splits layers across GPUs; vLLM uses tensor parallel"),
        )
        # "auto" is the command line without --precision: the model's own precision, and the usual sources beside it
        # (Q4_K_M for up to four users, FP8 on vLLM for more: plan.USUAL_SOURCES), each build labelled so
        self.precision = combo(
            [(self.tr("auto"), None), *((p, p) for p in WEIGHT_PRECISIONS)],
            self.tr(
                "Weight precision or GGUF quantization; auto: the model's own, and also Q4_K_M for up to four users"
                " or FP8 on vLLM for more"
            ),
        )
        # "auto" is the command line without --kv-precision (kv_asked False): fp16, and for llama.cpp at 16k context or
        # more also a q8_0 cache, labelled as such (plan.usual_kv_builds)
        self.kv = combo(
            [(self.tr("auto"), None), *((p, p) for p in KV_PRECISIONS)],
            self.tr("KV-cache precision; auto: fp16, and for llama.cpp at 16k context or more also a q8_0 cache"),
        )
        self.context = spin(
            256, 1_048_576, 8192, self.tr(" tokens"), self.tr("Tokens per sequence: prompt plus generated"), 1024
        )
        # the CLI's --prompt (Workload.prompt): 0 is none stated, the wait then timed for the typical chat prompt
        self.prompt = spin(
            0,
            1_048_576,
            0,
            self.tr(" tokens"),
            self.tr(
                "Prompt tokens one user sends before the first token (system prompt and history included); "
                "typical: %1 tokens, the median request of Azure's 2023 conversation trace"
            ).replace("%1", f"{TYPICAL_PROMPT_TOKENS:,}"),
            256,
        )
        self.prompt.setSpecialValueText(self.tr("typical (%1 tokens)").replace("%1", f"{TYPICAL_PROMPT_TOKENS:,}"))
        self.users = spin(1, 1024, 1, self.tr(" user"), self.tr("Concurrent sequences"))
        self.users.valueChanged.connect(self._on_users_value_changed)
        self.target_tps = dspin(
            0, 10_000, 0, 1, self.tr(" tok/s"), self.tr("Minimum decode speed per user (0: no target)")
        )
        self.target_tps.setSpecialValueText(self.tr("no target"))
        form.addRow(self.tr("Engine"), self._with_hint(self.engine, "engine"))
        form.addRow(self.tr("Weights"), self.precision)
        form.addRow(self.tr("KV cache"), self._with_hint(self.kv, "kv_precision"))
        form.addRow(self.tr("Context"), self.context)
        form.addRow(self.tr("Prompt"), self.prompt)
        form.addRow(self.tr("Concurrent users"), self.users)
        form.addRow(self.tr("Target speed"), self.target_tps)
        self.ram_offload = QCheckBox(self.tr("Offload to system RAM"))
        self.ram_offload.setToolTip(
            self.tr(
                "llama.cpp keeps what does not fit the GPUs in system RAM: MoE experts first, "
                "then whole layers; decode then runs at system-RAM speed"
            )
        )
        form.addRow("", self.ram_offload)

    def _finetune_form(self, form: QFormLayout) -> None:
        """The fine-tuning tab: method, optimizer, sequence, batch, checkpointing, sharding, offload, dataset."""
        self.method = combo(
            [(self.tr("LoRA"), "lora"), (self.tr("QLoRA"), "qlora"), (self.tr("Full"), "full")],
            self.tr("Fine-tuning method"),
        )
        self.optimizer = combo(
            [(self.tr("AdamW"), "adamw"), (self.tr("AdamW 8-bit"), "adamw-8bit"), (self.tr("SGD"), "sgd")]
        )
        self.seq = spin(128, 131072, 2048, self.tr(" tokens"), self.tr("Training sequence length"), 512)
        self.micro_batch = spin(1, 512, 1, "", self.tr("Micro-batch per GPU"))
        self.checkpointing = QCheckBox(self.tr("Gradient checkpointing"))
        self.checkpointing.setChecked(True)
        # stage 0 asks for no sharding, but on several cards the solver shards (ZeRO-3) a job whose whole copy does
        # not fit each card (solve.candidates); "none" read as no sharding beside "Sharded with: DeepSpeed" (names32c)
        self.zero = combo(
            [
                (self.tr("if needed"), 0),
                (self.tr("ZeRO-1"), 1),
                (self.tr("ZeRO-2"), 2),
                (self.tr("ZeRO-3 / FSDP"), 3),
            ],
            self.tr(
                "How far the training states are split over the GPUs. If needed: none asked; on several GPUs a job "
                'that does not fit a whole copy per GPU is sharded (ZeRO-3), with what "Sharded with" names'
            ),
        )
        # what shards it (`--sharding`): the usual one for the card (None, as the command line leaves it: DeepSpeed ZeRO
        # where DeepSpeed is validated on it, else PyTorch FSDP, support.facts.sharder, round 42), DeepSpeed ZeRO or
        # PyTorch FSDP under accelerate; the stage above says how far (ZeRO-3: FULL_SHARD, ZeRO-2: SHARD_GRAD_OP)
        self.sharding = combo(
            [
                (self.tr("usual (DeepSpeed or FSDP)"), None),
                (self.tr("DeepSpeed"), "deepspeed"),
                (self.tr("PyTorch FSDP"), "fsdp"),
            ],
            self.tr(
                "What shards the model over several GPUs under accelerate. Usual: DeepSpeed ZeRO where DeepSpeed is "
                "validated on the card (NVIDIA, AMD MI100 and MI200), PyTorch FSDP where it is not (Radeon, MI300, "
                "Arc) and for QLoRA. ZeRO-3 runs FULL_SHARD, ZeRO-2 and ZeRO-1 SHARD_GRAD_OP: FSDP cannot shard the "
                "optimizer states alone"
            ),
        )
        # what trains it (`--framework`): the method's usual one (PEFT for adapters, else Transformers) unless named; a
        # way out that names Unsloth sets it, and the next edit kept nothing of it when the tab had no such control
        self.framework = combo(
            [(self.tr("usual (PEFT or Transformers)"), None)] + [(FRAMEWORK_NAMES[f], f) for f in FRAMEWORKS],
            self.tr("The fine-tuning framework: its memory defaults, its sharding and the command that runs the job"),
        )
        self._sharding_tip = self.sharding.toolTip()
        self._zero_tip = self.zero.toolTip()
        self.framework.currentIndexChanged.connect(self._sharding_applies)
        self.offload = combo(
            [(self.tr("none"), "none"), (self.tr("CPU"), "cpu")],
            self.tr("Offload optimizer states (and ZeRO-3 parameters) to RAM"),
        )
        self.lora_rank = spin(1, 1024, 16, "", self.tr("LoRA rank"))
        self.dataset_mtokens = dspin(
            0, 1e7, 100, 1, self.tr(" M tokens"), self.tr("Dataset size (0: not set, no training time)")
        )
        self.dataset_mtokens.setSpecialValueText(self.tr("not set"))
        self.epochs = dspin(0.1, 100, 3, 1, self.tr(" epochs"))
        form.addRow(self.tr("Method"), self.method)
        form.addRow(self.tr("Optimizer"), self.optimizer)
        form.addRow(self.tr("Sequence length"), self.seq)
        form.addRow(self.tr("Micro-batch"), self._with_hint(self.micro_batch, "batch"))
        form.addRow("", self._with_hint(self.checkpointing, "grad_checkpointing"))
        form.addRow(self.tr("Framework"), self.framework)
        form.addRow(self.tr("Sharding"), self._with_hint(self.zero, "zero"))
        form.addRow(self.tr("Sharded with"), self.sharding)
        form.addRow(self.tr("Offload"), self._with_hint(self.offload, "offload"))
        form.addRow(self.tr("LoRA rank"), self.lora_rank)
        form.addRow(self.tr("Dataset"), self.dataset_mtokens)
        form.addRow(self.tr("Epochs"), self.epochs)

    def _sharding_applies(self, *_args: object) -> None:
        """Grey "Sharded with" under a framework that does not read it (only the HF stack under accelerate chooses
        DeepSpeed or FSDP: workload.ACCELERATE_FSDP_FRAMEWORKS), and say why in its tooltip: the request then leaves
        it unset, as the command line must (`workload.sharding-framework`)."""
        name = self.framework.currentData()
        # Unsloth never shards (frameworks.UNSLOTH_SHARD_STAGES: DDP, a whole copy per GPU): no stage is read either
        self.zero.setEnabled(self._zero_applies())
        self.zero.setToolTip(
            self._zero_tip
            if self._zero_applies()
            else self.tr("Not used by Unsloth: it never shards; on several GPUs it keeps a whole copy on each (DDP)")
        )
        used = name is None or name in ACCELERATE_FSDP_FRAMEWORKS
        self.sharding.setEnabled(used)
        if used:
            self.sharding.setToolTip(self._sharding_tip)
        elif name == "torchtune":
            self.sharding.setToolTip(
                self.tr(
                    "Not used by torchtune: its distributed recipes always shard with PyTorch FSDP2 (no DeepSpeed); "
                    '"Sharding" sets how far, and CPU offload is its fsdp_cpu_offload'
                )
            )
        elif name == "unsloth":
            self.sharding.setToolTip(
                self.tr("Not used by Unsloth: on several GPUs it keeps a whole copy of the model on each (DDP)")
            )
        else:
            self.sharding.setToolTip(
                self.tr("Not used by {0}: it shards with its own DeepSpeed or FSDP configuration").format(
                    FRAMEWORK_NAMES.get(str(name), str(name))
                )
            )

    def _zero_applies(self) -> bool:
        """The framework reads a sharding stage: it has more than one to choose from (frameworks.Framework.shard_stages;
        Unsloth's only stage is none, DDP)."""
        name = self.framework.currentData()
        return name is None or len(framework_of(name).shard_stages) > 1

    def _pretrain_form(self, form: QFormLayout) -> None:
        """The pretraining tab: tokens, deadline, utilisation, sequence length."""
        self.pre_tokens = dspin(0.001, 1e6, 100, 3, self.tr(" B tokens"), self.tr("Training tokens"), trimmed=True)
        self.deadline_days = dspin(0, 3650, 14, 1, self.tr(" days"), self.tr("Finish within (0: no deadline)"))
        self.deadline_days.setSpecialValueText(self.tr("no deadline"))
        # the rate while the GPUs compute (--mfu); the MFU the estimate reports, over the wall time, is lower
        self.mfu = dspin(
            0,
            0.9,
            0,
            2,
            "",
            self.tr(
                "Compute-phase utilisation of the peak bf16 rate (0: default by GPU "
                "generation); communication that does not overlap comes on top, so the reported MFU is lower"
            ),
        )
        self.mfu.setSpecialValueText(self.tr("default"))
        self.pre_seq = spin(128, 131072, 4096, self.tr(" tokens"), self.tr("Sequence length"), 512)
        form.addRow(self.tr("Tokens"), self.pre_tokens)
        form.addRow(self.tr("Deadline"), self.deadline_days)
        form.addRow(self.tr("Compute util."), self.mfu)
        form.addRow(self.tr("Sequence length"), self.pre_seq)

    def _site_form(self, form: QFormLayout) -> None:
        """Budget and site: budget and currency, circuit, form, room, parts, region, GPUs, power, owned parts."""
        budget_row, gpus_row, owned_row = self._site_controls()
        form.addRow(self.tr("Budget"), budget_row)
        self.budget_note = QLabel()  # what a change of currency did to the budget (and nothing else)
        self.budget_note.setWordWrap(True)
        self.budget_note.hide()
        form.addRow("", self.budget_note)
        form.addRow(self.tr("Circuit"), self.circuit)
        form.addRow(self.tr("Circuits"), self.circuits)
        form.addRow(self.tr("Form"), self.form_factor)
        form.addRow(self.tr("Room"), self.room)
        form.addRow(self.tr("Parts"), self.condition)
        form.addRow(self.tr("Region"), self.region)
        form.addRow(self.tr("Max GPUs"), gpus_row)
        form.addRow(self.tr("GPU power"), self.power_limit)
        self.only_gpus = QLineEdit(placeholderText=self.tr("any GPU; or ids, e.g. a800-80gb-pcie, l20"))
        self.only_gpus.setToolTip(
            self.tr(
                "Limit the solver to these GPU ids (comma separated) to compare them side by side; a ready-made "
                "system's id (a Mac Studio, a DGX Spark, a mini PC) compares that machine with them"
            )
        )
        form.addRow(self.tr("Only GPUs"), self.only_gpus)
        form.addRow(self.tr("I own"), owned_row)

    def _site_controls(self) -> tuple[QHBoxLayout, QHBoxLayout, QHBoxLayout]:
        """The budget-and-site controls; the rows that hold two of them (budget, GPUs, owned card)."""
        budget_row = QHBoxLayout()
        self.budget = dspin(0, 1e9, 0, 0, "", self.tr("Total budget (0: unlimited)"), amount=True)
        self.budget.setSingleStep(500)
        self.budget.setSpecialValueText(self.tr("unlimited"))
        self.budget.setGroupSeparatorShown(True)
        self.currency = combo([(self.tr("USD"), "USD"), (self.tr("CNY"), "CNY"), (self.tr("EUR"), "EUR")])
        budget_row.addWidget(self.budget, 1)
        budget_row.addWidget(self.currency)
        self.circuit = combo(
            [(circuit_name(key), key) for key in CIRCUIT_NAMES], self.tr("The wall circuit the machine plugs into")
        )
        # the count's own noun, as "1 user" / "20 users": the field read "1 circuit(s)" (walk42)
        self.circuits = spin(1, 16, 1, self.tr(" circuit"), self.tr("How many such circuits may feed the machine"))
        self.circuits.valueChanged.connect(self._on_circuits_value_changed)
        self.form_factor = combo(
            [
                (self.tr("any"), "any"),
                (self.tr("tower"), "tower"),
                (self.tr("rack"), "rack"),
                (self.tr("open frame"), "open-frame"),
            ]
        )
        self.room = combo(
            [(self.tr("lab"), "lab"), (self.tr("home office"), "home-office"), (self.tr("server room"), "server-room")],
            self.tr("Noise and heat limits"),
        )
        self.condition = combo(
            [(self.tr("new or used"), "any"), (self.tr("new only"), "new"), (self.tr("prefer used"), "used")]
        )
        self.region = combo(
            [(self.tr("global"), "global"), (self.tr("China"), "china")],
            self.tr("China: export variants (A800, H800, L20, H20) and CNY prices"),
        )
        self.max_gpus = spin(1, 16, 8, self.tr(" GPUs"), self.tr("Most GPUs per machine"))
        self.max_gpus.valueChanged.connect(self._on_max_gpus_value_changed)  # "1 GPU", not "1 GPUs" (walk42)
        self.exact_gpus = QCheckBox(self.tr("exactly"))
        self.exact_gpus.setToolTip(
            self.tr("Every build has exactly this many GPUs in one machine (e.g. exactly 8 x RTX 4090)")
        )
        gpus_row = QHBoxLayout()
        gpus_row.addWidget(self.max_gpus, 1)
        gpus_row.addWidget(self.exact_gpus)
        self.power_limit = spin(
            50,
            100,
            100,
            self.tr(" % power"),
            self.tr(
                "Run the GPUs at this share of rated power (nvidia-smi -pl "
                "at every boot): less heat and wall draw for ~5 % speed at 80 %"
            ),
            5,
        )
        owned_row = QHBoxLayout()
        self.owned_gpu = QComboBox()
        compact(self.owned_gpu)
        self.owned_gpu.setToolTip(self.tr("A GPU you already own and want used"))
        self.owned_count = spin(0, 16, 0, "", self.tr("How many you own"))
        self.owned_count.setSpecialValueText(self.tr("none"))
        owned_row.addWidget(self.owned_gpu, 1)
        owned_row.addWidget(self.owned_count)
        return budget_row, gpus_row, owned_row

    def _make_error(self) -> None:
        self.error = QLabel()
        self.error.setTextFormat(Qt.TextFormat.PlainText)  # the message may quote user input
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color: {ERROR_COLOR}; font-weight: bold;")
        self.error.hide()
        self._marked: list[QWidget] = []
        self._tooltips: dict[int, str] = {}

    def _workload_switcher(self) -> QHBoxLayout:
        """The project's workloads: a list to switch between them, add and remove."""
        self.workloads = QComboBox()
        self.workloads.setToolTip(self.tr("The workloads of this project; each is solved on its own"))
        compact(self.workloads)
        self.add_workload = QPushButton("+")
        self.add_workload.setToolTip(self.tr("Add another workload to the project (a copy of this one)"))
        self.remove_workload = QPushButton("−")
        self.remove_workload.setToolTip(self.tr("Remove this workload from the project"))
        for button in (self.add_workload, self.remove_workload):
            button.setFixedWidth(32)
        switcher = QHBoxLayout()
        switcher.addWidget(QLabel(self.tr("<b>Workload</b>")))
        switcher.addWidget(self.workloads, 1)
        switcher.addWidget(self.add_workload)
        switcher.addWidget(self.remove_workload)

        return switcher

    def _connect(self, session: Session) -> None:
        """Fill from the session, then follow it: every input change builds a new request."""
        self.set_catalog(session.catalog)
        self.load_request(session.request)
        for widget in self._inputs():
            for signal in ("currentIndexChanged", "valueChanged", "toggled"):
                if hasattr(widget, signal):
                    getattr(widget, signal).connect(self._on_input_changed)
                    break
        self.tabs.currentChanged.connect(self._on_input_changed)
        self.only_gpus.editingFinished.connect(self._on_input_changed)
        self.currency.currentIndexChanged.connect(self._on_currency_changed)
        self.room.currentIndexChanged.connect(self._on_room_changed)
        self.picker.model_chosen.connect(self._on_picker_model_chosen)
        session.request_changed.connect(self._on_session_request_changed)
        session.request_changed.connect(self._clear_hints)
        session.selection_changed.connect(self._on_session_selection_changed)
        session.catalog_changed.connect(self.set_catalog)
        session.project_changed.connect(self._fill_workloads)
        session.request_changed.connect(self._fill_workloads)
        self.workloads.currentIndexChanged.connect(self._on_workloads_current_index_changed)
        self.add_workload.clicked.connect(session.add_request)
        self.remove_workload.clicked.connect(session.remove_request)
        self._fill_workloads()
        self._model_id = session.request.model_id

    def _with_hint(self, control: QWidget, key: str) -> QWidget:
        hint = QLabel()
        # wraps rather than widens: the panel never grows past its scroll area ("solver: ZeRO-3 / FSDP")
        hint.setWordWrap(True)
        hint.setStyleSheet("color: gray;")
        hint.setToolTip(self.tr("What the selected build's estimate used"))
        # two lines' room whether shown or not: a hint appearing after a solve (and wrapping) had pushed the fields
        # below it down under the pointer, so a click meant for one field opened another
        hint.setFixedHeight(2 * hint.fontMetrics().lineSpacing() + 2)
        policy = hint.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        hint.setSizePolicy(policy)
        hint.hide()
        self.hints[key] = hint
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(control, 1)
        layout.addWidget(hint)
        return row

    def _clear_hints(self, *_args: object) -> None:
        for hint in self.hints.values():
            hint.clear()
            hint.hide()

    def _on_session_selection_changed(self, _result: object, _index: int) -> None:
        self._clear_hints()
        build = self.session.selected_build
        if build is None or self.session.invalid_reason:
            return
        controls = {"engine": self.engine, "kv_precision": self.kv, "zero": self.zero, "offload": self.offload}
        switch = {True: self.tr("on"), False: self.tr("off")}
        asked = self.session.request.workload
        if asked.kind == "inference" and self.engine.currentData() is None:
            # a GGUF type (or offload) on "auto" asks for llama.cpp in the request itself: the combo still says "auto"
            # and, with no hint beside it, nothing said what ran (walk8: Mina's q4_k_m)
            asked = asked.model_copy(update={"engine": None})
        if asked.kind == "inference" and self.kv.currentData() is None:
            asked = asked.model_copy(update={"kv_precision": None})  # "auto": say which cache the build runs
        for key, (value, auto) in solver_choices(build.estimate.workload, asked).items():
            control = controls.get(key)
            if control is None:  # the micro-batch (a number) or recomputation (a switch)
                text = switch[value] if isinstance(value, bool) else str(value)
            else:
                index = control.findData(value)
                text = control.itemText(index) if index >= 0 else str(value)
            self.hints[key].setText((self.tr("auto: {0}") if auto else self.tr("solver: {0}")).format(text))
            self.hints[key].show()

    def _fill_workloads(self, *_args: object) -> None:
        project = self.session.project
        self.workloads.blockSignals(True)
        self.workloads.clear()
        for i, request in enumerate(project.requests):
            w = request.workload
            # the method as its combo names it and a pretraining run's tokens: Sam's entry read "pretrain (pretrain)",
            # Dr. Chen's "微调 (lora)"
            methods = {"lora": self.tr("LoRA"), "qlora": self.tr("QLoRA"), "full": self.tr("Full")}
            if w.kind == "finetune":
                detail = methods.get(w.method, w.method)
            elif w.kind == "inference":
                detail = (self.tr("{0} user") if w.batch == 1 else self.tr("{0} users")).format(w.batch)
            else:
                detail = (str(round(w.tokens / 1e9, 3)).removesuffix(".0") + self.tr(" B tokens")) if w.tokens else ""
            shown = f"{i + 1}: {request.model_id} {workload_name(w.kind)}" + (f" ({detail.strip()})" if detail else "")
            self.workloads.addItem(shown, i)
        self.workloads.setCurrentIndex(project.active)
        # at 1366 x 768 the closed list cut its entry ("1: llama-3.3-70b inference (1 us"): the whole entry in the
        # tooltip, and the open list as wide as its longest entry
        texts = [self.workloads.itemText(i) for i in range(self.workloads.count())]
        generic = self.tr("The workloads of this project; each is solved on its own")
        self.workloads.setToolTip(f"{self.workloads.currentText()}\n{generic}" if texts else generic)
        metrics = self.workloads.view().fontMetrics()
        widest = max((metrics.horizontalAdvance(t) for t in texts), default=0)
        self.workloads.view().setMinimumWidth(widest + 2 * metrics.averageCharWidth() + 24)
        self.workloads.blockSignals(False)
        self.remove_workload.setEnabled(len(project.requests) > 1)

    def _on_workloads_current_index_changed(self, index: int) -> None:
        if index >= 0:
            self.session.set_active(index)

    def _inputs(self) -> list[QWidget]:
        return [
            self.engine,
            self.precision,
            self.kv,
            self.context,
            self.prompt,
            self.users,
            self.target_tps,
            self.ram_offload,
            self.method,
            self.optimizer,
            self.seq,
            self.micro_batch,
            self.checkpointing,
            self.zero,
            self.framework,
            self.sharding,
            self.offload,
            self.lora_rank,
            self.dataset_mtokens,
            self.epochs,
            self.pre_tokens,
            self.deadline_days,
            self.mfu,
            self.pre_seq,
            self.budget,
            self.currency,
            self.circuit,
            self.circuits,
            self.form_factor,
            self.room,
            self.condition,
            self.region,
            self.max_gpus,
            self.exact_gpus,
            self.power_limit,
            self.owned_gpu,
            self.owned_count,
        ]

    def set_catalog(self, catalog: Catalog) -> None:
        models = [m for m in catalog.kind("models") if isinstance(m, ModelArch)]
        self.picker.set_models(models, self.session.request.model_id)
        current = self.owned_gpu.currentData()
        self.owned_gpu.blockSignals(True)
        self.owned_gpu.clear()
        for gpu in sorted(
            (g for g in catalog.gpus if isinstance(g, Gpu) and g.form_factor == "pcie"), key=lambda g: g.name
        ):
            self.owned_gpu.addItem(gpu.name, gpu.id)
        set_combo(self.owned_gpu, current or "rtx-3090")
        self.owned_gpu.blockSignals(False)

    # ------------------------------------------------------------------ request <-> widgets

    def load_request(self, request: BuildRequest) -> None:
        self._loading = True
        self.budget_note.hide()
        try:
            w = request.workload
            self._model_id = request.model_id
            self.picker.select(request.model_id)
            self.tabs.setCurrentIndex({"inference": 0, "finetune": 1, "pretrain": 2}[w.kind])
            set_combo(self.engine, w.engine)
            # inference without a precision is "auto" (the command line without --precision); training shows what runs
            set_combo(
                self.precision,
                w.precision
                if w.kind == "inference"
                else w.precision or ("nf4" if w.method == "qlora" and w.kind == "finetune" else "bf16"),
            )
            set_combo(self.kv, w.kv_precision if request.kv_asked or w.kind != "inference" else None)
            # a request that leaves the context unset runs at the core's default for the model:
            # show that number, not the spin box's own start value
            model = self.session.catalog.records["models"].get(request.model_id)
            context = w.context or (w.resolved(model.max_context).context if isinstance(model, ModelArch) else None)
            if w.kind == "inference":
                self.context.setValue(context or self.context.value())
                self.prompt.setValue(w.prompt or 0)
            elif w.kind == "finetune":
                self.seq.setValue(context or self.seq.value())
            else:
                self.pre_seq.setValue(context or self.pre_seq.value())
            self.users.setValue(w.batch if w.kind == "inference" else 1)
            self.micro_batch.setValue(w.batch if w.kind != "inference" else 1)
            self.target_tps.setValue(request.min_decode_tps or 0)
            if w.kind == "finetune":
                # only a fine-tuning job sets the Fine-tuning tab: a pretraining request (always without
                # checkpointing) unticked "Gradient checkpointing", an inference one put QLoRA back to LoRA and its
                # "offload to RAM" into the optimizer offload, and the next fine-tuning plan ran on those unseen
                set_combo(self.method, w.method)
                set_combo(self.optimizer, w.optimizer)
                self.checkpointing.setChecked(w.grad_checkpointing is not False)
                set_combo(self.zero, w.zero)
                set_combo(self.sharding, w.sharding)  # a project saved before it: None, the usual for the card
                set_combo(self.framework, w.framework)
                self._sharding_applies()
                set_combo(self.offload, w.offload)
                self.lora_rank.setValue(w.lora_rank)
            self.ram_offload.setChecked(w.kind == "inference" and w.offload == "cpu")
            if w.tokens:
                if w.kind == "pretrain":
                    self.pre_tokens.setValue(w.tokens / 1e9)
                else:
                    if w.epochs:  # the epochs saved with it: the dataset is what was typed, not tokens / 3
                        self.epochs.setValue(w.epochs)
                    self.dataset_mtokens.setValue(w.tokens / 1e6 / max(self.epochs.value(), 0.1))
            elif w.kind == "finetune":
                # a request without a dataset (command line, map cell, project) has no training time:
                # the field said "100.0 M tokens" above builds whose time read "-"
                self.dataset_mtokens.setValue(0)
            self.mfu.setValue(w.mfu or 0)
            self.deadline_days.setValue((request.deadline_hours or 0) / 24)
            self.budget.setValue(request.budget or 0)
            set_combo(self.currency, request.currency)
            self._currency_shown = request.currency
            set_combo(self.circuit, request.circuit)
            self.circuits.setValue(request.circuits)
            set_combo(self.form_factor, request.form)
            set_combo(self.room, request.room)
            set_combo(self.condition, request.condition)
            set_combo(self.region, request.region)
            self.max_gpus.setValue(request.max_gpus)
            self.exact_gpus.setChecked(request.exact_gpus)
            self.power_limit.setValue(round((request.power_limit or 1.0) * 100))
            self.only_gpus.setText(", ".join(request.named))
            owned = request.owned_gpu
            if owned:
                set_combo(self.owned_gpu, owned.id)
            self.owned_count.setValue(owned.quantity if owned else 0)
        finally:
            self._loading = False
        self._show_error("")
        self.session.set_invalid("")

    def current_request(self) -> BuildRequest:
        """The request the widgets describe; raises ValueError with a readable message."""
        kind = ("inference", "finetune", "pretrain")[self.tabs.currentIndex()]
        common: dict[str, Any] = {"kind": kind}
        if kind == "inference":
            precision = self.precision.currentData()
            # a GGUF type on "auto" stays auto in the request: only llama.cpp loads it, so the solver runs that anyway;
            # pinned here, a saved project reopened with the engine on "llama.cpp" (walk8: Mina's q4_k_m), and a
            # later change to bf16 kept it there
            engine = self.engine.currentData()
            offload: Literal["cpu", "none"] = "cpu" if self.ram_offload.isChecked() else "none"
            if offload == "cpu" and engine is None:
                engine = "llama.cpp"
            workload = Workload(
                **common,
                precision=precision,
                kv_precision=self.kv.currentData() or "fp16",
                context=self.context.value(),
                prompt=self.prompt.value() or None,
                batch=self.users.value(),
                engine=engine,
                offload=offload,
            )
        elif kind == "finetune":
            method = self.method.currentData()
            chosen = self.precision.currentData()
            trained: Any = None if method == "qlora" else (chosen if chosen in ("bf16", "fp16", "fp32") else "bf16")
            workload = Workload(
                **common,
                method=method,
                optimizer=self.optimizer.currentData(),
                context=self.seq.value(),
                batch=self.micro_batch.value(),
                grad_checkpointing=self.checkpointing.isChecked(),
                # a greyed stage is not asked (Unsloth runs DDP whatever is asked: its estimate said "not the ZeRO-3
                # asked" about a control the user could not see change anything)
                zero=self.zero.currentData() if self._zero_applies() else 0,
                framework=self.framework.currentData(),
                # a framework that shards its own way takes no --sharding (workload.sharding-framework)
                sharding=self.sharding.currentData() if self.sharding.isEnabled() else None,
                offload=self.offload.currentData(),
                lora_rank=self.lora_rank.value(),
                precision=trained,
                tokens=self.dataset_mtokens.value() * 1e6 * self.epochs.value() or None,
                epochs=self.epochs.value() if self.dataset_mtokens.value() else None,
            )
        else:
            workload = Workload(
                **common,
                tokens=self.pre_tokens.value() * 1e9,
                context=self.pre_seq.value(),
                mfu=self.mfu.value() or None,
                grad_checkpointing=False,
            )
        # GPU and ready-made system ids alike: a Mac Studio against a 3090 build (issue #31); each under its kind
        only = tuple(dict.fromkeys(g.strip() for g in self.only_gpus.text().split(",") if g.strip()))
        records = self.session.catalog.records
        unknown = [g for g in only if g not in records["gpus"] and g not in records["systems"]]
        if unknown:
            raise InvalidInputError(
                "request.unknown-gpus",
                ("gpu_ids",),
                self.tr("Only GPUs: unknown GPU or system id(s) %1 (see Catalog > Edit prices and parts)").replace(
                    "%1", ", ".join(unknown)
                ),
            )
        owned: tuple[OwnedPart, ...] = ()
        if self.owned_count.value() and self.owned_gpu.currentData():
            owned = (OwnedPart(category="gpu", id=self.owned_gpu.currentData(), quantity=self.owned_count.value()),)
        # the buyer's tax basis is not on the panel (Preferences set it, round 42): the open request's is kept, its
        # country only for a euro plan
        taxed = self.session.request
        return BuildRequest(
            model_id=self._model_id,
            workload=workload,
            budget=self.budget.value() or None,
            currency=self.currency.currentData(),
            vat=taxed.vat,
            vat_country=taxed.vat_country if self.currency.currentData() == "EUR" else "",
            min_decode_tps=(self.target_tps.value() or None) if kind == "inference" else None,
            deadline_hours=(self.deadline_days.value() * 24 or None) if kind == "pretrain" else None,
            circuit=self.circuit.currentData(),
            circuits=self.circuits.value(),
            form=self.form_factor.currentData(),
            room=self.room.currentData(),
            condition=self.condition.currentData(),
            region=self.region.currentData(),
            max_gpus=self.max_gpus.value(),
            exact_gpus=self.exact_gpus.isChecked(),
            owned=owned,
            gpu_ids=tuple(g for g in only if g in records["gpus"]),
            system_ids=tuple(g for g in only if g not in records["gpus"]),
            power_limit=None if self.power_limit.value() >= 100 else self.power_limit.value() / 100,
            kv_asked=kind != "inference" or self.kv.currentData() is not None,
        )

    def _field_widgets(self) -> dict[str, QWidget]:
        """The input of each request field (Workload's and BuildRequest's names) on the tab in use."""
        tab = self.tabs.currentIndex()
        # "Offload to system RAM" is what turns the engine to llama.cpp when it is on auto
        engine = self.ram_offload if self.ram_offload.isChecked() and self.engine.currentData() is None else self.engine
        return {
            "deadline_hours": self.deadline_days,
            "method": self.method,
            "precision": self.precision,
            "engine": engine,
            "offload": self.ram_offload if tab == 0 else self.offload,
            "gpu_ids": self.only_gpus,
            "context": (self.context, self.seq, self.pre_seq)[tab],
            "prompt": self.prompt,
            "batch": (self.users, self.micro_batch, self.users)[tab],
            "tokens": (self.pre_tokens, self.dataset_mtokens, self.pre_tokens)[tab],
            "budget": self.budget,
            "grad_checkpointing": self.checkpointing,
            "framework": self.framework,
            "sharding": self.sharding,
            "selective_checkpointing": self.checkpointing,
        }

    def _fields_for(self, invalid: InvalidInputError | None, where: tuple[str, ...]) -> list[QWidget]:
        """The inputs an error is about, so the field itself is marked: the fields a coded error names (the rules live
        in Workload and BuildRequest), else the field pydantic located it in. Never read from its words."""
        widgets = self._field_widgets()
        names = invalid.fields if invalid is not None else where
        fields = [widgets[name] for name in names if name in widgets]
        return list(dict.fromkeys(fields)) or [self.tabs]

    def _show_error(self, message: str, fields: list[QWidget] | None = None) -> None:
        for widget in self._marked:
            widget.setStyleSheet("")
            widget.setToolTip(self._tooltips.get(id(widget), ""))
        self._marked = []
        self.error.setText(message)
        self.error.setVisible(bool(message))
        if not message:
            return
        for widget in fields or []:
            self._tooltips.setdefault(id(widget), widget.toolTip())
            widget.setStyleSheet(f"{type(widget).__name__} {{ border: 2px solid {ERROR_COLOR}; border-radius: 3px; }}")
            widget.setToolTip(message)
            self._marked.append(widget)
        self._place_error(fields[0] if fields else None)

    def _place_error(self, widget: QWidget | None) -> None:
        """Put the message on the row right under the first field it is about."""
        holder = self.error.parentWidget()
        current = holder.layout() if holder is not None else None
        column = self.layout()
        assert isinstance(column, QVBoxLayout)  # the panel's own column (__init__)
        if isinstance(current, QFormLayout):
            current.takeRow(self.error)
        else:
            column.removeWidget(self.error)
        parent = widget.parentWidget() if widget is not None else None
        form = parent.layout() if parent is not None else None
        if widget is not None and isinstance(form, QFormLayout):
            position = form.getWidgetPosition(widget)
            row = int(position[0])  # type: ignore[index]  # (row, role)
            if row < 0:  # a widget inside a row's own layout (budget beside currency)
                row = next(
                    (
                        r
                        for r in range(form.rowCount())
                        if (item := form.itemAt(r, QFormLayout.ItemRole.FieldRole)) is not None
                        and (inner := item.layout()) is not None
                        and inner.indexOf(widget) >= 0
                    ),
                    -1,
                )
            if row >= 0:
                form.insertRow(row + 1, self.error)
                self.error.show()
                return
        column.insertWidget(0, self.error)
        self.error.show()

    def _on_input_changed(self, *_args: object) -> None:
        if self._loading:
            return
        try:
            request = self.current_request()
        except (ValidationError, ValueError) as exc:
            invalid = invalid_of(exc)
            errors = getattr(exc, "errors", None)
            where: tuple[str, ...] = ()
            if invalid is not None:
                message = str(invalid)
            elif callable(errors):
                first = errors()[0]
                where = tuple(str(p) for p in first["loc"])
                message = error_message(first)
                message = f"{'.'.join(where)}: {message}" if where else message
            else:
                message = str(exc)
            message = message[0].upper() + message[1:]
            if (
                invalid is not None
                and "engine" in invalid.fields
                and self.ram_offload.isChecked()
                and self.engine.currentData() is None
            ):
                message += '; "Offload to system RAM" runs on llama.cpp'
            self._show_error(message, self._fields_for(invalid, where))
            self.session.set_invalid(message)
            return
        self._show_error("")
        self.session.set_request(request)

    def _on_currency_changed(self, *_args: object) -> None:
        """A change of currency converts the budget at the catalog's dated rates, says so, and changes
        nothing else: Mina's "120 V 15 A" stays when she switches to EUR to print a sheet (it became
        "230 V 16 A", and a 2,500 USD budget was kept as 2,500 EUR)."""
        if self._loading:
            return
        currency, before = self.currency.currentData(), self._currency_shown
        self._currency_shown = currency
        budget = self.budget.value()
        if budget and currency != before:
            catalog = self.session.catalog
            try:
                converted = catalog.convert(budget, before, currency)
            except KeyError:
                self.budget_note.setText(
                    self.tr("No exchange rate from {0} to {1}: the budget is kept as typed").format(before, currency)
                )
            else:
                converted = round(converted, -1) if converted >= 1000 else round(converted)
                self._loading = True
                self.budget.setValue(converted)
                self._loading = False
                amounts = (f"{budget:,.0f} {before}", f"{converted:,.0f} {currency}")
                if catalog.exchange_rates_date:
                    note = self.tr("Budget converted: {0} = {1} at the catalog's exchange rates of {2}")
                    self.budget_note.setText(note.format(*amounts, catalog.exchange_rates_date))
                else:
                    note = self.tr("Budget converted: {0} = {1} at the catalog's exchange rates")
                    self.budget_note.setText(note.format(*amounts))
            self.budget_note.show()
        self._on_input_changed()

    def _on_room_changed(self, *_args: object) -> None:
        """A server room feeds a rack from its own circuit, not a wall outlet (request.server_room_feed: 208 V 30 A on
        an L6-30 for USD, as `llm-rig plan --room server-room` plans it): choosing the room moves a circuit left at the
        household default to the room's feed, and leaving the room moves a rack feed no home has (208 V 30 A) back
        to the household default; a circuit chosen otherwise stays as chosen (China's 220 V 16 A of a Chinese lab's
        preferences is its home circuit and its server room's alike)."""
        if self._loading:
            return
        currency, room = self.currency.currentData(), self.room.currentData()
        home = default_circuit(currency)
        feed = server_room_feed(currency, self.region.currentData()).circuit
        circuit = self.circuit.currentData()
        if room == "server-room" and circuit == home:
            set_combo(self.circuit, feed)
        elif room != "server-room" and circuit in RACK_FEED_CIRCUITS:
            set_combo(self.circuit, home)

    def _on_users_value_changed(self, users: int) -> None:
        self.users.setSuffix(self.tr(" user") if users == 1 else self.tr(" users"))

    def _on_circuits_value_changed(self, circuits: int) -> None:
        self.circuits.setSuffix(self.tr(" circuit") if circuits == 1 else self.tr(" circuits"))

    def _on_max_gpus_value_changed(self, gpus: int) -> None:
        self.max_gpus.setSuffix(self.tr(" GPU") if gpus == 1 else self.tr(" GPUs"))

    def _on_picker_model_chosen(self, model_id: str) -> None:
        self._model_id = model_id
        self._on_input_changed()

    def _on_session_request_changed(self, request: BuildRequest) -> None:
        try:
            if request == self.current_request():
                self.picker.reveal()  # a project of the same request opened: its model back in view all the same
                return
        except (ValidationError, ValueError):
            pass
        self.load_request(request)
