import { App, Chart } from "cdk8s";
import { KubeServiceAccount } from "./imports/k8s";

const app = new App();
const chart = new Chart(app, "analytics", { namespace: "analytics" });
new KubeServiceAccount(chart, "reports", { metadata: { name: "reports" } });
app.synth();
