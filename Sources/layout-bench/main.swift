print("layout-bench: see issue 6")
