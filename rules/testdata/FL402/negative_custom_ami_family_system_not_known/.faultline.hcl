capacity {
  complete = true
}
