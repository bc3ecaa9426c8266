print("stagemon")
