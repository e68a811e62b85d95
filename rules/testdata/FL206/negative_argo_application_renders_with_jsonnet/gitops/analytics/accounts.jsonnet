local account(name) = {
  apiVersion: 'v1',
  kind: 'ServiceAccount',
  metadata: { name: name, namespace: 'analytics' },
};

[account('reports'), account('ingest')]
