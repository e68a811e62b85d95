# The shop also runs in Azure; its API is deployed there, on nodes of
# eight vCPUs. Nothing in the API's manifest says which cluster it is for.
resource "azurerm_kubernetes_cluster" "shop" {
  name                = "shop-westeurope"
  location            = "westeurope"
  resource_group_name = "shop"
  dns_prefix          = "shop"

  default_node_pool {
    name       = "general"
    node_count = 3
    vm_size    = "Standard_D8s_v5"
    node_labels = {
      pool = "system"
    }
  }

  identity {
    type = "SystemAssigned"
  }
}
