"""Everything in deploy/ is checked by the tool that will read it, offline, and against the code it describes.

promtool checks the Prometheus config and rules and runs the alert unit tests; hadolint lints the
Dockerfile; kubernetes-validate checks every manifest against the Kubernetes schemas (strict: an
unknown field fails); the Compose v2 binary loads the compose file against the compose-spec schema.
Beyond syntax: every metric a dashboard or alert reads is one the server exports, every PLAYLEDGER_*
variable the deploy files set is a real flag, and versions and paths agree.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from tests.ops.tools import DEPLOY, ROOT, ok, run, tool

PROMETHEUS = DEPLOY / "prometheus"
KUBERNETES = DEPLOY / "kubernetes"
DASHBOARD = DEPLOY / "grafana" / "dashboards" / "playledger.json"
COMPOSE = DEPLOY / "compose.yaml"
MANIFESTS = sorted(p for p in KUBERNETES.glob("*.yaml") if p.name != "kustomization.yaml")
OUR_METRIC = re.compile(r"\b((?:grpc_server|playledger)_[a-z0-9_]+)\b")
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def exported_metric_names() -> set[str]:
    """Every series name the server can export (the registry knows families even before their first sample)."""
    from prometheus_client import REGISTRY

    import service.api.metrics  # noqa: F401  (registers the metrics)

    names: set[str] = set()
    for family in REGISTRY.collect():
        suffixes = {"counter": ["_total"], "histogram": ["_bucket", "_sum", "_count"]}.get(family.type, [""])
        names.update(family.name + s for s in suffixes)
    return names


def server_flags() -> set[str]:
    from service.server import main

    return {f"PLAYLEDGER_{p.name.upper()}" for p in main.params if p.name}


# --- Prometheus ----------------------------------------------------------------------------------
def test_prometheus_config_and_the_rules_it_loads_are_valid() -> None:
    out = ok(run(tool("promtool"), "check", "config", str(PROMETHEUS / "prometheus.yml")))
    assert "1 rule files found" in out


def test_alert_rules_are_valid() -> None:
    ok(run(tool("promtool"), "check", "rules", str(PROMETHEUS / "alerts.yml")))


def test_alert_rules_pass_their_unit_tests() -> None:
    ok(run(tool("promtool"), "test", "rules", str(PROMETHEUS / "alerts_test.yml")))


def test_every_alert_has_a_unit_test_that_fires_it() -> None:
    rules = yaml.safe_load((PROMETHEUS / "alerts.yml").read_text())
    alerts = {r["alert"] for g in rules["groups"] for r in g["rules"] if "alert" in r}
    tests = yaml.safe_load((PROMETHEUS / "alerts_test.yml").read_text())["tests"]
    fired = {c["alertname"] for t in tests for c in t.get("alert_rule_test", []) if c.get("exp_alerts")}
    assert alerts == fired, f"alerts without a firing test: {sorted(alerts - fired)}"
    required = {"error ratio": "ErrorRatio", "latency": "Latency", "projection lag": "ProjectionLag"}
    required |= {"divergence": "Divergence", "database": "DatabaseUnavailable"}
    for what, name in required.items():
        assert any(name in a for a in alerts), f"no alert for {what}"


def test_alerts_read_only_metrics_the_server_exports() -> None:
    exported = exported_metric_names()
    rules = yaml.safe_load((PROMETHEUS / "alerts.yml").read_text())
    for group in rules["groups"]:
        for rule in group["rules"]:
            unknown = set(OUR_METRIC.findall(rule["expr"])) - exported
            assert not unknown, f"{rule.get('alert')}: no such metric {sorted(unknown)}"


# --- Grafana -------------------------------------------------------------------------------------
def dashboard_queries() -> list[tuple[str, str]]:
    dashboard = json.loads(DASHBOARD.read_text())
    found = []
    for panel in dashboard["panels"]:
        for target in panel.get("targets", []):
            found.append((panel["title"], target["expr"]))
    return found


def test_dashboard_is_grafana_json_with_the_promised_panels() -> None:
    dashboard = json.loads(DASHBOARD.read_text())
    assert dashboard["uid"] == "playledger" and dashboard["title"] == "PlayLedger"
    ids = [p["id"] for p in dashboard["panels"]]
    assert len(ids) == len(set(ids)), "panel ids must be unique"
    for panel in dashboard["panels"]:
        assert {"h", "w", "x", "y"} <= set(panel["gridPos"]) and panel["gridPos"]["x"] + panel["gridPos"]["w"] <= 24
    text = DASHBOARD.read_text()
    for metric in (
        "grpc_server_started_total",  # rate
        "grpc_server_handled_total",  # errors
        "grpc_server_handling_seconds_bucket",  # duration
        "playledger_commands_total",
        "playledger_games_active",
        "playledger_games_finished_total",
        "playledger_projection_lag_events",
        "playledger_projection_lag_seconds",
    ):
        assert metric in text, f"the dashboard does not show {metric}"


def test_dashboard_queries_are_valid_promql(tmp_path: Path) -> None:
    """promtool parses each panel query (as a recording rule, with Grafana's variables filled in)."""
    rules = []
    for n, (_title, expr) in enumerate(dashboard_queries()):
        concrete = expr.replace("$__rate_interval", "5m").replace("$job", ".*").replace("$instance", ".*")
        rules.append({"record": f"dashboard:query_{n}", "expr": concrete})
    path = tmp_path / "dashboard_rules.yml"
    path.write_text(yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}))
    ok(run(tool("promtool"), "check", "rules", str(path)))


def test_dashboard_reads_only_metrics_the_server_exports() -> None:
    exported = exported_metric_names()
    for title, expr in dashboard_queries():
        unknown = set(OUR_METRIC.findall(expr)) - exported
        assert not unknown, f"panel {title!r}: no such metric {sorted(unknown)}"


def test_grafana_provisioning_points_at_the_dashboard_and_prometheus() -> None:
    provisioning = DEPLOY / "grafana" / "provisioning"
    datasources = yaml.safe_load((provisioning / "datasources" / "prometheus.yml").read_text())["datasources"]
    assert datasources[0]["type"] == "prometheus" and datasources[0]["url"] == "http://prometheus:9090"
    provider = yaml.safe_load((provisioning / "dashboards" / "playledger.yml").read_text())["providers"][0]
    compose = yaml.safe_load(COMPOSE.read_text())
    mounts = compose["services"]["grafana"]["volumes"]
    assert f"./grafana/dashboards:{provider['options']['path']}:ro" in mounts


# --- Dockerfile ----------------------------------------------------------------------------------
def test_dockerfile_passes_hadolint() -> None:
    ok(run(tool("hadolint"), str(DEPLOY / "Dockerfile")))


def test_dockerfile_is_multi_stage_non_root_with_a_healthcheck_and_this_version() -> None:
    text = (DEPLOY / "Dockerfile").read_text()
    assert len(re.findall(r"^FROM ", text, re.M)) >= 2
    user = re.findall(r"^USER (\S+)", text, re.M)
    assert user and not user[-1].startswith(("root", "0")), "the image must not run as root"
    assert re.search(r"^HEALTHCHECK .*\n?.*playledger-server\", \"health\"", text, re.M)
    assert f'"playledger=={VERSION}"' in text, f"the Dockerfile installs a version other than {VERSION}"


def test_healthcheck_command_exists() -> None:
    from service.server import main

    result = CliRunner().invoke(main, ["health", "--help"])
    assert result.exit_code == 0, result.output


# --- Kubernetes ----------------------------------------------------------------------------------
@pytest.mark.parametrize("kubernetes", ["1.29.0", "1.37.0"])
def test_kubernetes_manifests_match_the_schemas(kubernetes: str) -> None:
    ok(run(tool("kubernetes-validate"), "--strict", "-k", kubernetes, *map(str, MANIFESTS)))


def documents(path: Path) -> list[dict[str, Any]]:
    return [d for d in yaml.safe_load_all(path.read_text()) if d]


def test_kustomization_lists_every_manifest() -> None:
    kustomization = yaml.safe_load((KUBERNETES / "kustomization.yaml").read_text())
    assert sorted(kustomization["resources"]) == sorted(p.name for p in MANIFESTS)
    assert kustomization["images"][0]["newTag"] == VERSION


def test_kubernetes_has_probes_pdb_hpa_and_a_service_and_sets_only_real_flags() -> None:
    kinds: dict[str, list[dict[str, Any]]] = {}
    for path in MANIFESTS:
        for doc in documents(path):
            kinds.setdefault(doc["kind"], []).append(doc)
    assert {"Deployment", "Service", "ConfigMap", "Secret", "PodDisruptionBudget", "HorizontalPodAutoscaler"} <= set(
        kinds
    )
    server = next(d for d in kinds["Deployment"] if d["metadata"]["name"] == "playledger-server")
    container = server["spec"]["template"]["spec"]["containers"][0]
    assert container["readinessProbe"]["grpc"] == {"port": 50052, "service": "playledger.v1.GameService"}
    assert container["livenessProbe"]["grpc"] == {"port": 50052, "service": "liveness"}
    assert server["spec"]["replicas"] >= 2
    assert container["image"] == f"playledger:{VERSION}"
    flags = server_flags()
    for kind in ("ConfigMap", "Secret"):
        for doc in kinds[kind]:
            keys = set(doc.get("data", {})) | set(doc.get("stringData", {}))
            assert keys <= flags, f"{kind} {doc['metadata']['name']} sets unknown variables {sorted(keys - flags)}"


def test_projection_worker_command_exists() -> None:
    """The compose file and the manifests start the worker with these arguments; the server must know them."""
    from service.server import main

    compose = yaml.safe_load(COMPOSE.read_text())
    args = compose["services"]["projections"]["command"]
    worker = documents(KUBERNETES / "projections.yaml")[0]
    assert worker["spec"]["template"]["spec"]["containers"][0]["args"] == args
    result = CliRunner().invoke(main, [*args, "--help"])
    assert result.exit_code == 0, f"playledger-server {' '.join(args)}: {result.output}"


# --- Compose -------------------------------------------------------------------------------------
def test_compose_file_matches_the_compose_spec() -> None:
    ok(run(tool("docker-compose"), "-f", str(COMPOSE), "config", "--quiet"))


def test_compose_check_would_catch_a_broken_file(tmp_path: Path) -> None:
    """The check above is only worth something if a typo fails it."""
    broken = tmp_path / "compose.yaml"
    broken.write_text(COMPOSE.read_text().replace("    stop_grace_period: 30s", "    stop_grace_periodd: 30s"))
    done = run(tool("docker-compose"), "-f", str(broken), "config", "--quiet")
    assert done.returncode != 0 and "stop_grace_periodd" in done.stderr


def test_compose_has_the_stack_mounts_files_that_exist_and_sets_only_real_flags() -> None:
    compose = yaml.safe_load(COMPOSE.read_text())
    services = compose["services"]
    assert {"postgres", "server", "projections", "prometheus", "grafana"} <= set(services)
    for name, service in services.items():
        for volume in service.get("volumes", []):
            source = volume.split(":")[0]
            if source.startswith("."):
                assert (DEPLOY / source).exists(), f"{name} mounts {source}, which is not in deploy/"
    flags = server_flags()
    for name in ("server", "projections"):
        env = services[name].get("environment", {})
        unknown = {k for k in env if k.startswith("PLAYLEDGER_")} - flags
        assert not unknown, f"{name} sets unknown variables {sorted(unknown)}"
    assert services["server"]["build"]["dockerfile"] == "deploy/Dockerfile"


def test_the_web_port_and_the_receipt_key_are_deployed() -> None:
    """Issue 37: the web port (the browser app, Connect JSON) is exposed, and every replica signs receipts with one
    key from a secret, in Kubernetes and in Compose."""
    kinds: dict[str, list[dict[str, Any]]] = {}
    for path in MANIFESTS:
        for doc in documents(path):
            kinds.setdefault(doc["kind"], []).append(doc)
    config = next(d for d in kinds["ConfigMap"] if d["metadata"]["name"] == "playledger")["data"]
    assert config["PLAYLEDGER_WEB_PORT"] == "8080"
    server = next(d for d in kinds["Deployment"] if d["metadata"]["name"] == "playledger-server")
    pod = server["spec"]["template"]["spec"]
    container = pod["containers"][0]
    assert {"name": "web", "containerPort": 8080, "protocol": "TCP"} in container["ports"]
    service = next(d for d in kinds["Service"] if d["metadata"]["name"] == "playledger")
    assert any(p["name"] == "web" and p["targetPort"] == "web" for p in service["spec"]["ports"])
    key = config["PLAYLEDGER_RECEIPT_KEY"]
    mount = next(m for m in container["volumeMounts"] if key.startswith(m["mountPath"] + "/"))
    volume = next(v for v in pod["volumes"] if v["name"] == mount["name"])
    assert volume["secret"]["secretName"] == "playledger-receipt-key" and not volume["secret"].get("optional")

    compose = yaml.safe_load(COMPOSE.read_text())
    web = compose["services"]["server"]
    assert "127.0.0.1:8080:8080" in web["ports"] and web["environment"]["PLAYLEDGER_WEB_PORT"] == "8080"
    assert web["environment"]["PLAYLEDGER_RECEIPT_KEY"] == "/run/secrets/receipt-key"
    assert "receipt-key" in web["secrets"] and "receipt-key" in compose["secrets"]
