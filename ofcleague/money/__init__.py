"""The league's money: stakes per point, the transfers that settle it, the cash pages."""
